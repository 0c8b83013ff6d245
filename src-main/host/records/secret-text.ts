// A tool's secret preference values, hidden wherever the host shows what a tool did: a secret the
// tool read with storage/get can come back in its next message (keystrokes/paste of the same text),
// in a line it logs, or in a service call's params. Each is found by its value, whatever carries it.
// A value of fewer than 4 characters is hidden only where it is a whole string: hidden inside any
// text, it would hide every "a" of a tool that keeps "a" as a secret.

/** What a secret preference's value is shown as (the tool gets the value itself). */
export const maskedSecret = '•••• (secret)';

/** Shorter values are hidden only as a whole string. */
const MIN_INSIDE = 4;

/**
 * Hides each secret in a text. `json`: the text is JSON as it went over the wire, where a value
 * appears escaped; `plain`: a text as a person reads it (a log line, a param's value).
 */
export function maskSecretText(text: string, secrets: readonly string[], form: 'json' | 'plain'): string {
  let shown = text;
  for (const secret of secrets) {
    if (secret === '') continue;
    const written = form === 'json' ? JSON.stringify(secret).slice(1, -1) : secret;
    if (written.length >= MIN_INSIDE) {
      if (shown.includes(written)) shown = shown.split(written).join(maskedSecret);
    } else if (form === 'json') {
      const whole = `"${written}"`;
      if (shown.includes(whole)) shown = shown.split(whole).join(`"${maskedSecret}"`);
    } else if (shown === written) {
      shown = maskedSecret;
    }
  }
  return shown;
}

/** The same value with each secret hidden in its texts (keys and values); the value itself when none was. */
export function maskSecretValues<T>(value: T, secrets: readonly string[], depth = 0): T {
  if (secrets.length === 0) return value;
  if (typeof value === 'string') return maskSecretText(value, secrets, 'plain') as T;
  // Params the host keeps are previews, a few levels deep: past that there is nothing to walk.
  if (typeof value !== 'object' || value === null || depth > 16) return value;
  let changed = false;
  const entries = Object.entries(value as Record<string, unknown>).map(([key, item]: [string, unknown]) => {
    const shownKey = maskSecretText(key, secrets, 'plain');
    const shown = maskSecretValues(item, secrets, depth + 1);
    if (shownKey !== key || shown !== item) changed = true;
    return [shownKey, shown] as const;
  });
  if (!changed) return value;
  return (Array.isArray(value) ? entries.map(([, item]) => item) : Object.fromEntries(entries)) as T;
}
