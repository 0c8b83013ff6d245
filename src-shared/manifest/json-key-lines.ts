// The line of each key in a JSON text that JSON.parse already took (vitruvian-tool.json): keys of
// objects and the elements of lists, by their path. Only places are read here; should the text hold
// something this reading does not follow, the places found so far are kept.
import { KeyLines, type KeyPath } from './key-lines';

/** Nesting beyond this is not followed (a manifest is refused far shallower). */
const MAX_DEPTH = 128;

class Stop extends Error {}

const valueEnd = /[\s,\]}]/g;

export function jsonKeyLines(text: string): KeyLines {
  const lines = new KeyLines(text);
  const places = new JsonPlaces(text, lines);
  try {
    places.value([], 0);
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
  }
  return lines;
}

class JsonPlaces {
  private at = 0;

  constructor(
    private readonly text: string,
    private readonly lines: KeyLines,
  ) {}

  value(path: KeyPath, depth: number): void {
    if (depth > MAX_DEPTH) throw new Stop();
    this.skipSpace();
    const c = this.text[this.at];
    if (c === '"') {
      this.string();
    } else if (c === '{') {
      this.at++;
      this.skipSpace();
      while (this.text[this.at] === '"') {
        const start = this.at;
        const key = [...path, this.string()];
        this.lines.note(key, start);
        this.skipSpace();
        this.expect(':');
        this.value(key, depth + 1);
        this.skipSpace();
        if (this.text[this.at] !== ',') break;
        this.at++;
        this.skipSpace();
      }
      this.expect('}');
    } else if (c === '[') {
      this.at++;
      this.skipSpace();
      for (let index = 0; this.text[this.at] !== ']'; index++) {
        this.skipSpace();
        this.lines.note([...path, index], this.at);
        this.value([...path, index], depth + 1);
        this.skipSpace();
        if (this.text[this.at] !== ',') break;
        this.at++;
      }
      this.expect(']');
    } else {
      // A number, true, false or null: up to what ends a value (found in place: no copy of the rest).
      valueEnd.lastIndex = this.at;
      const end = valueEnd.exec(this.text)?.index ?? this.text.length;
      if (end === this.at) throw new Stop();
      this.at = end;
    }
  }

  /** Steps over a string; its value. */
  private string(): string {
    const start = this.at;
    this.at++;
    while (this.at < this.text.length && this.text[this.at] !== '"') this.at += this.text[this.at] === '\\' ? 2 : 1;
    if (this.at >= this.text.length) throw new Stop();
    this.at++;
    try {
      return JSON.parse(this.text.slice(start, this.at)) as string;
    } catch {
      throw new Stop();
    }
  }

  private skipSpace(): void {
    while (this.at < this.text.length && /\s/.test(this.text[this.at]!)) this.at++;
  }

  private expect(token: string): void {
    if (this.text[this.at] !== token) throw new Stop();
    this.at++;
  }
}
