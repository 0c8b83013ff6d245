// Where each key of a manifest is written: the line of each path (`["previews", 0, "pages"]`), so a
// warning about a key can point at it. The parsers in use give values, not places; the scanners in
// toml-key-lines.ts and json-key-lines.ts read the same text once more for the places alone.

export type KeyPath = readonly (string | number)[];

/** Each path's line (1-based), keyed by pathId; the first place a path is written wins. */
export class KeyLines {
  private readonly lines = new Map<string, number>();
  private readonly lineStarts: number[] = [0];

  constructor(text: string) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }

  /** Notes that `path` is written at `offset` of the text, unless it was seen before. */
  note(path: KeyPath, offset: number): void {
    const id = pathId(path);
    if (!this.lines.has(id)) this.lines.set(id, this.lineAt(offset));
  }

  /** The line of `path`, or of the nearest table or list that holds it when it has no line of its own. */
  lineOf(path: KeyPath): number | undefined {
    for (let length = path.length; length > 0; length--) {
      const line = this.lines.get(pathId(path.slice(0, length)));
      if (line !== undefined) return line;
    }
    return undefined;
  }

  private lineAt(offset: number): number {
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.lineStarts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  }
}

const pathId = (path: KeyPath): string => JSON.stringify(path);
