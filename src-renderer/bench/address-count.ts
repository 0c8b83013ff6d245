// A bench is started by a count in the window's address (`?logBench=100000`, `?readerBench=500`).

/** The whole number given to `param` in the address, if it is one from 1 to `most`. */
export function countInAddress(search: string, param: string, most: number): number | undefined {
  const raw = new URLSearchParams(search).get(param);
  if (raw === null) return undefined;
  const count = Number(raw);
  return Number.isInteger(count) && count >= 1 && count <= most ? count : undefined;
}
