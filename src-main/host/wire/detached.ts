// A copy of a string that shares nothing with it. V8 makes a slice (and a template holding one) a
// view of the string it came from, which keeps that whole string alive: a log line quoting the
// first characters of a tool's 1 MiB line would hold the megabyte. Whatever keeps a piece of a
// tool's line for long (a log line, the trace, a remembered answer) keeps a copy.
export const detached = (text: string): string => Buffer.from(text, 'utf8').toString('utf8');

/** `text` when it holds at most `max` characters; else a copy of its start and `mark`, `max` in all. */
export const clipped = (text: string, max: number, mark = '...'): string =>
  text.length <= max ? text : `${detached(text.slice(0, max - mark.length))}${mark}`;
