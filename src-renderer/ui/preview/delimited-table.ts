// CSV and TSV read as RFC 4180 says: fields split by the delimiter, records by CRLF or LF, and a field
// in double quotes may hold the delimiter, line breaks and "" for one quote. Our own rather than
// papaparse: the rule fits in about twenty lines, and the table needs nothing else papaparse does
// (guessing the delimiter and the types, streaming, workers). Lenient where the RFC is strict: a
// quote inside an unquoted field is kept as it is, and rows may have different lengths.

export interface DelimitedTable {
  rows: string[][];
  /** Rows were left after `maxRows`. */
  more: boolean;
}

export function readDelimited(text: string, delimiter: ',' | '\t', maxRows = Number.POSITIVE_INFINITY): DelimitedTable {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // a byte order mark is no part of the first field
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch !== '"') field += ch;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (ch === '"' && field === '') {
      quoted = true;
    } else if (ch === delimiter) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      if (rows.length >= maxRows) return { rows, more: i + 1 < text.length };
    } else {
      field += ch;
    }
    i++;
  }
  if (field !== '' || row.length > 0 || quoted) {
    row.push(field);
    rows.push(row);
  }
  return { rows, more: false };
}

/** The delimiter of a file by its name: tab for .tsv, else comma. */
export const delimiterOf = (name: string): ',' | '\t' => (/\.tsv$/i.test(name) ? '\t' : ',');
