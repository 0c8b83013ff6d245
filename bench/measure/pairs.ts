// What benchmarks share to judge their runs: each side measured in turn, and the statistics.

export const best = (values: number[]): number => Math.min(...values);

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export interface Pairs {
  host: number[];
  peer: number[];
  /** The median, over the pairs, of host over peer: each pair saw the same machine. */
  paired: number;
}

/** `repeats` pairs of runs taken back to back, each side first in every other pair. */
export async function inPairs(repeats: number, host: () => Promise<number>, peer: () => Promise<number>): Promise<Pairs> {
  const times = { host: [] as number[], peer: [] as number[] };
  for (let i = 0; i < repeats; i++) {
    if (i % 2 === 0) {
      times.peer.push(await peer());
      times.host.push(await host());
    } else {
      times.host.push(await host());
      times.peer.push(await peer());
    }
  }
  return { ...times, paired: median(times.host.map((ms, i) => ms / times.peer[i]!)) };
}
