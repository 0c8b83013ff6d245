// The line of each key in a TOML text that the TOML parser already took: table headers ([program],
// [[previews]], counted so the second [[previews]] is previews[1]), dotted keys, keys of inline
// tables and the elements of lists, with strings of every kind stepped over so that nothing inside
// one is taken for a key. Only places are read here; the values are the parser's. Should the text
// hold something this reading does not follow, the places found so far are kept: a key without a
// place of its own is then told by the line of the table that holds it.
import { KeyLines, type KeyPath } from './key-lines';

/** Nesting beyond this is not followed (the parser keeps manifests far shallower). */
const MAX_DEPTH = 128;

class Stop extends Error {}

export function tomlKeyLines(text: string): KeyLines {
  const lines = new KeyLines(text);
  try {
    new TomlPlaces(text, lines).document();
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
  }
  return lines;
}

const bare = /[A-Za-z0-9_-]/;
const valueEnd = /[,\]}\n\r#]/g;
const simpleEscapes: Record<string, string> = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', e: '\x1b', '"': '"', '\\': '\\' };

class TomlPlaces {
  private at = 0;
  /** Each list of tables ([[x]]) by its path: how many tables it holds so far. */
  private readonly tableCounts = new Map<string, number>();

  constructor(
    private readonly text: string,
    private readonly lines: KeyLines,
  ) {}

  document(): void {
    let table: KeyPath = [];
    for (;;) {
      this.skipSpace(true);
      if (this.at >= this.text.length) return;
      const start = this.at;
      if (this.text[this.at] === '[') {
        const list = this.text[this.at + 1] === '[';
        this.at += list ? 2 : 1;
        const keys = this.dottedKey();
        this.expect(list ? ']]' : ']');
        table = list ? this.listTable(keys, start) : this.table(keys, start);
      } else {
        this.keyValue(table, 0);
      }
      this.skipSpace(false);
      if (this.at < this.text.length && this.text[this.at] !== '\n' && this.text[this.at] !== '\r') throw new Stop();
    }
  }

  /** [a.b]: each key through the last table of a list, when it names a list of tables. */
  private table(keys: string[], start: number): KeyPath {
    const path = this.resolve(keys);
    this.lines.note(path, start);
    return path;
  }

  /** [[a.b]]: one more table in the list a.b. */
  private listTable(keys: string[], start: number): KeyPath {
    const list = [...this.resolve(keys.slice(0, -1)), keys[keys.length - 1]!];
    const id = JSON.stringify(list);
    const index = this.tableCounts.get(id) ?? 0;
    this.tableCounts.set(id, index + 1);
    this.lines.note(list, start);
    this.lines.note([...list, index], start);
    return [...list, index];
  }

  private resolve(keys: string[]): KeyPath {
    const path: (string | number)[] = [];
    for (const key of keys) {
      path.push(key);
      const count = this.tableCounts.get(JSON.stringify(path));
      if (count !== undefined) path.push(count - 1);
    }
    return path;
  }

  private keyValue(within: KeyPath, depth: number): void {
    const start = this.at;
    const keys = this.dottedKey();
    const path = [...within];
    for (const key of keys) {
      path.push(key);
      this.lines.note(path, start);
    }
    this.skipSpace(false);
    this.expect('=');
    this.skipSpace(false);
    this.value(path, depth);
  }

  private value(path: KeyPath, depth: number): void {
    if (depth > MAX_DEPTH) throw new Stop();
    const c = this.text[this.at];
    if (c === '"' || c === "'") {
      this.string();
    } else if (c === '[') {
      this.at++;
      for (let index = 0; ; index++) {
        this.skipSpace(true);
        if (this.text[this.at] === ']') break;
        this.lines.note([...path, index], this.at);
        this.value([...path, index], depth + 1);
        this.skipSpace(true);
        if (this.text[this.at] !== ',') break;
        this.at++;
      }
      this.expect(']');
    } else if (c === '{') {
      this.at++;
      for (;;) {
        this.skipSpace(true);
        if (this.text[this.at] === '}') break;
        this.keyValue(path, depth + 1);
        this.skipSpace(true);
        if (this.text[this.at] !== ',') break;
        this.at++;
      }
      this.expect('}');
    } else {
      // A number, a date or true/false: up to what ends a value (found in place: no copy of the rest).
      valueEnd.lastIndex = this.at;
      const end = valueEnd.exec(this.text)?.index ?? this.text.length;
      if (end === this.at) throw new Stop();
      this.at = end;
    }
  }

  private dottedKey(): string[] {
    const keys: string[] = [];
    for (;;) {
      this.skipSpace(false);
      keys.push(this.key());
      this.skipSpace(false);
      if (this.text[this.at] !== '.') return keys;
      this.at++;
    }
  }

  private key(): string {
    const c = this.text[this.at];
    if (c === '"' || c === "'") return this.string();
    const start = this.at;
    while (this.at < this.text.length && bare.test(this.text[this.at]!)) this.at++;
    if (this.at === start) throw new Stop();
    return this.text.slice(start, this.at);
  }

  /** Steps over a string of any of the four kinds; its value (for a quoted key). */
  private string(): string {
    const quote = this.text[this.at]!;
    const multiline = this.text.startsWith(quote.repeat(3), this.at);
    const closing = multiline ? quote.repeat(3) : quote;
    this.at += closing.length;
    let value = '';
    while (this.at < this.text.length) {
      if (this.text.startsWith(closing, this.at)) {
        this.at += closing.length;
        // A multi-line string may end in up to two more quotes of its own: """a""""" holds a"".
        while (multiline && this.text[this.at] === quote) this.at++;
        return value;
      }
      const c = this.text[this.at]!;
      if (c === '\\' && quote === '"') {
        value += this.escape();
        continue;
      }
      if (!multiline && (c === '\n' || c === '\r')) throw new Stop();
      value += c;
      this.at++;
    }
    throw new Stop();
  }

  private escape(): string {
    const letter = this.text[this.at + 1] ?? '';
    const digits = letter === 'u' ? 4 : letter === 'U' ? 8 : letter === 'x' ? 2 : 0;
    if (digits > 0) {
      const code = Number.parseInt(this.text.slice(this.at + 2, this.at + 2 + digits), 16);
      this.at += 2 + digits;
      return Number.isInteger(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    this.at += 2;
    // A backslash at a line's end in a multi-line string joins the lines; it names no character.
    return simpleEscapes[letter] ?? '';
  }

  /** Spaces, tabs and a comment; line breaks too when `breaks`. */
  private skipSpace(breaks: boolean): void {
    for (;;) {
      const c = this.text[this.at];
      if (c === ' ' || c === '\t' || (breaks && (c === '\n' || c === '\r'))) this.at++;
      else if (c === '#') {
        const end = this.text.indexOf('\n', this.at);
        this.at = end === -1 ? this.text.length : end;
      } else return;
    }
  }

  private expect(token: string): void {
    if (!this.text.startsWith(token, this.at)) throw new Stop();
    this.at += token.length;
  }
}
