// The lines a slice holds in seq order (log lines, trace lines, service calls): what events brought
// appended after the last seq held, and a read's answer merged with them, capped in lines and in
// characters. Shared by the slices that hold such lines, none of which owns it.
/** A cap on the characters a list of lines holds, beside its cap on lines. */
export interface CharCap<Line> {
  max: number;
  of(line: Line): number;
}

/** The characters each capped list holds, so appending costs nothing per line already held. */
const charsHeld = new WeakMap<readonly unknown[], number>();

function charsOf<Line>(lines: readonly Line[], chars: CharCap<Line>): number {
  let total = charsHeld.get(lines);
  if (total === undefined) {
    total = 0;
    for (const line of lines) total += chars.of(line);
  }
  return total;
}

/**
 * Lines after `held`'s last seq appended to it, capped in lines and, given `chars`, in characters
 * (the newest line is kept whatever its length); `held` itself when nothing is new.
 */
export function appendBySeq<Line extends { seq: number }>(held: Line[], lines: Line[], cap: number, chars?: CharCap<Line>): Line[] {
  const last = held.length > 0 ? held[held.length - 1]!.seq : -Infinity;
  const fresh = lines.filter((line) => line.seq > last);
  if (fresh.length === 0) return held;
  const joined = held.concat(fresh);
  let start = Math.max(0, joined.length - cap);
  if (chars) {
    let total = charsOf(held, chars) + charsOf(fresh, chars);
    for (let i = 0; i < start; i++) total -= chars.of(joined[i]!);
    for (; total > chars.max && start < joined.length - 1; start++) total -= chars.of(joined[start]!);
    const kept = start > 0 ? joined.slice(start) : joined;
    charsHeld.set(kept, total);
    return kept;
  }
  return start > 0 ? joined.slice(start) : joined;
}

/** A read's answer merged with the lines events brought while it travelled. */
export function mergeRead<Line extends { seq: number }>(read: Line[], held: Line[], cap: number, chars?: CharCap<Line>): Line[] {
  return appendBySeq(read, held, cap, chars);
}

/** How many of `held` and of the lines `appendBySeq(held, lines)` would add were left out of `kept` by its caps. */
export function leftOut<Line extends { seq: number }>(held: Line[], lines: Line[], kept: Line[]): number {
  const last = held.length > 0 ? held[held.length - 1]!.seq : -Infinity;
  let fresh = 0;
  for (const line of lines) if (line.seq > last) fresh++;
  return held.length + fresh - kept.length;
}
