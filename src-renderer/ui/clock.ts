const two = (n: number) => String(n).padStart(2, '0');

/** A time of day to the millisecond, as a log shows it: 14:03:27.512 */
export function clockTime(ms: number): string {
  const date = new Date(ms);
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}.${String(date.getMilliseconds()).padStart(3, '0')}`;
}
