// How a trace line's message reads in the Messages tab: in a row's one line, and opened whole.

/** The message as indented JSON; as sent when it is not JSON (a cut line, or a broken one). A line that was not UTF-8 is never read as JSON. */
export function prettyMessage(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * What a row shows of its message: what it carries (its params, its result, its error's code and
 * words), which tells messages apart even in a narrow window, where the envelope alone would fill
 * the room with `{"jsonrpc":"2.0",...`. The whole message is one click away.
 */
export function messagePreview(text: string, notUtf8 = false): string {
  if (notUtf8) return text;
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) return text;
  const { params, result, error } = message as { params?: unknown; result?: unknown; error?: { code?: unknown; message?: unknown } };
  if (error && typeof error === 'object') return `${String(error.code)} ${typeof error.message === 'string' ? error.message : ''}`.trim();
  if (result !== undefined) return JSON.stringify(result);
  if (params !== undefined) return JSON.stringify(params);
  return '';
}
