// The known key a mistyped one most likely meant: the fewest single-character edits (an insertion,
// a deletion, a change or two neighbours swapped), case aside. A key further than a slip away from
// every known one has no nearest: a guess that far off would send the author the wrong way.

/** Edits from `a` to `b` (optimal string alignment); undefined once it must exceed `limit`. */
export function editDistance(a: string, b: string, limit: number): number | undefined {
  if (Math.abs(a.length - b.length) > limit) return undefined;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowLow = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, before[j - 2]! + 1);
      current.push(best);
      rowLow = Math.min(rowLow, best);
    }
    if (rowLow > limit) return undefined;
    [before, previous] = [previous, current];
  }
  const distance = previous[b.length]!;
  return distance <= limit ? distance : undefined;
}

/** How many edits still read as a slip of the same word: one in a short key, two in a longer one. */
const slipsAllowed = (key: string): number => (key.length <= 4 ? 1 : 2);

/** The known key nearest to `key`, or undefined when none is a slip away. */
export function nearestKey(key: string, known: readonly string[]): string | undefined {
  const wanted = key.toLowerCase();
  let nearest: { key: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(wanted, candidate.toLowerCase(), slipsAllowed(candidate));
    if (distance !== undefined && (nearest === undefined || distance < nearest.distance)) nearest = { key: candidate, distance };
  }
  return nearest?.key;
}
