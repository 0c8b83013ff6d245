// A long answer's data taken from its line's bytes (answer-data.ts): wherever it is taken, the answer
// is exactly what JSON.parse makes of the line, with the data's bytes beside it; on every line where
// that cannot be proved (a "data" elsewhere, twice, escaped, not base64, not UTF-8, not JSON), the
// line is left whole, untouched, for its text and JSON.parse.
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64InPlace, decodedDataOf, isBase64Bytes, liftedAnswer } from './answer-data';
import { LongLine, type Space } from './long-line';
import { isBase64 } from '../../../src-shared/skwir/schema-check';
import { TRACE_TEXT_MAX_CHARS } from '../../../src-shared/limits';

/** A line's bytes in a space of its own, as the framing hands a long line on. */
function longLine(bytes: Buffer): LongLine {
  const space = new (ArrayBuffer as unknown as new (length: number, options: { maxByteLength: number }) => Space)(bytes.length, {
    maxByteLength: bytes.length,
  });
  bytes.copy(Buffer.from(space));
  return new LongLine(space, bytes.length);
}

const anyId = () => true;

/** Lifted, the answer must be JSON.parse's with its data's bytes beside it; else the line is left as it came. */
function expectSameAsParse(text: string | Buffer): 'lifted' | 'left' {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const line = longLine(bytes);
  const lifted = liftedAnswer(line, anyId);
  if (!lifted) {
    expect(line.bytes.equals(bytes)).toBe(true);
    return 'left';
  }
  const parsed = JSON.parse(bytes.toString('utf8')) as { id: number | string; result: { data: string } };
  const decoded = decodedDataOf(lifted.result);
  expect(decoded?.bytes.equals(Buffer.from(parsed.result.data, 'base64'))).toBe(true);
  expect(lifted.result).toEqual({ ...parsed.result, data: '' });
  expect(lifted.id).toBe(parsed.id);
  const whole = bytes.toString('utf8');
  expect(lifted.length).toBe(whole.length);
  expect(lifted.head).toBe(whole.slice(0, TRACE_TEXT_MAX_CHARS));
  return 'lifted';
}

const data = randomBytes(48_003).toString('base64');

describe('a long answer whose data is taken from its bytes', () => {
  it('is JSON.parse’s answer, spaced, ordered and keyed as a plugin may write it', () => {
    expect(expectSameAsParse(`{"jsonrpc":"2.0","id":7,"result":{"name":"a.png","data":"${data}"}}`)).toBe('lifted');
    expect(expectSameAsParse(`{ "result" : { "data" : "${data}" , "name" : "b.png" } , "id" : "x" , "jsonrpc" : "2.0" }\r`)).toBe('lifted');
    expect(expectSameAsParse(`{"jsonrpc":"2.0","id":1,"result":{"name":"caf\\u00e9 \\"q\\".png","data":"${data}","extra":[{"data":"AAAA"}]}}`)).toBe('lifted');
    expect(expectSameAsParse(`{"jsonrpc":"2.0","id":1,"r\\u0065sult":{"d\\u0061ta":"${data}","name":"é.png"}}`)).toBe('lifted');
    expect(expectSameAsParse(`\t{"jsonrpc":"2.0","id":1,"result":{"data":"","name":"empty.png"}}\n`)).toBe('lifted');
  });

  it('leaves every line where the data is not provably the answer’s result.data', () => {
    const lines = [
      // "data" inside another string, at the top, in an error, nested deeper, in a list
      `{"jsonrpc":"2.0","id":1,"result":{"name":"\\"data\\":\\"${data}\\"","data":"AAAA\\u0041AAA"}}`,
      `{"jsonrpc":"2.0","id":1,"data":"${data}","result":{"name":"a"}}`,
      `{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"m","data":"${data}"}}`,
      `{"jsonrpc":"2.0","id":1,"result":{"inner":{"data":"${data}"}}}`,
      `{"jsonrpc":"2.0","id":1,"result":[{"data":"${data}"}]}`,
      // twice: the first or the last would be the answer's
      `{"jsonrpc":"2.0","id":1,"result":{"name":"a","data":"${data}","data":"AAAA"}}`,
      `{"jsonrpc":"2.0","id":1,"result":{"name":"a","data":"AAAA","d\\u0061ta":"${data}"}}`,
      `{"jsonrpc":"2.0","id":1,"result":{"name":"a","data":"${data}"},"result":{"name":"b","data":"AAAA"}}`,
      // escaped inside the data, which JSON allows
      `{"jsonrpc":"2.0","id":1,"result":{"name":"a","data":"${data.replaceAll('/', '\\/')}"}}`,
      // not base64
      `{"jsonrpc":"2.0","id":1,"result":{"name":"a","data":"${data.slice(1)}"}}`,
      `{"jsonrpc":"2.0","id":1,"result":{"name":"a","data":"${data.slice(0, 100)}=${data.slice(101)}"}}`,
      `{"jsonrpc":"2.0","id":1,"result":{"name":"a","data":"${data.replaceAll('+', '-')}"}}`,
      `{"jsonrpc":"2.0","id":1,"result":{"name":"a","data":"${data} "}}`,
      // not JSON around it, or not a result
      `{"jsonrpc":"2.0","id":1,"result":{"name":"a","data":"${data}"}}}`,
      `{"jsonrpc":"2.0","id":1,"result":{"name":"a","data":"${data}"}} x`,
      `{"jsonrpc":"2.0","id":1,"result":{"name":a,"data":"${data}"}}`,
      `{"jsonrpc":"2.0","id":1,"result":{"name":"a","data":"${data}"`,
      `[{"jsonrpc":"2.0","id":1,"result":{"name":"a","data":"${data}"}}]`,
      `{"jsonrpc":"2.0","method":"m","params":{"result":{"data":"${data}"}}}`,
      `{"jsonrpc":"1.0","id":1,"result":{"name":"a","data":"${data}"}}`,
      `{"jsonrpc":"2.0","id":1.5,"result":{"name":"a","data":"${data}"}}`,
    ];
    for (const text of lines) expect(expectSameAsParse(text), text.slice(0, 120)).toBe('left');
  });

  it('leaves a line that is not UTF-8 outside its data, for the framing’s refusal', () => {
    const bytes = Buffer.from(`{"jsonrpc":"2.0","id":1,"result":{"name":"a\u00ff.png","data":"${data}"}}`);
    const at = bytes.indexOf(0xc3);
    bytes[at] = 0xff; // a stray byte where é's first byte was
    expect(expectSameAsParse(bytes)).toBe('left');
  });

  it('leaves an answer whose request does not take its data as bytes', () => {
    const text = `{"jsonrpc":"2.0","id":4,"result":{"name":"a.png","data":"${data}"}}`;
    const line = longLine(Buffer.from(text));
    expect(liftedAnswer(line, (id) => id !== 4)).toBeUndefined();
    expect(line.text()).toBe(text);
  });

  it('is what JSON.parse makes of any answer around the data, keys in any order, spaced any way', () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    const space = fc.constantFrom('', ' ', '\t', '\r\n ');
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ maxLength: 8 }), json, { maxKeys: 4 }),
        fc.dictionary(fc.string({ maxLength: 8 }), json, { maxKeys: 4 }),
        fc.uint8Array({ maxLength: 300 }),
        space,
        fc.boolean(),
        (top, around, bytes, gap, dataFirst) => {
          const base64 = Buffer.from(bytes).toString('base64');
          const result = Object.entries(around).filter(([key]) => key !== 'data' && key !== '__proto__');
          const fields = [...result.map(([key, value]) => `${JSON.stringify(key)}${gap}:${gap}${JSON.stringify(value)}`)];
          const dataField = `"data"${gap}:${gap}"${base64}"`;
          if (dataFirst) fields.unshift(dataField);
          else fields.push(dataField);
          const rest = Object.entries(top)
            .filter(([key]) => !['jsonrpc', 'id', 'result', 'error', 'method', '__proto__'].includes(key))
            .map(([key, value]) => `${JSON.stringify(key)}:${gap}${JSON.stringify(value)},`);
          const line = `{${gap}${rest.join(gap)}"jsonrpc":"2.0",${gap}"id":3,"result":${gap}{${fields.join(`,${gap}`)}}${gap}}`;
          expect(expectSameAsParse(line)).toBe('lifted');
        },
      ),
    );
  });

  it('decodes base64 in place as Node decodes it, and judges it as the schema does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const text = Buffer.from(bytes).toString('base64');
        const line = Buffer.from(`"${text}"`);
        expect(isBase64Bytes(line, 1, line.length - 1)).toBe(true);
        const written = decodeBase64InPlace(line, 1, line.length - 1);
        expect(line.subarray(1, 1 + written).equals(Buffer.from(bytes))).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'AZaz09+/=-_ .\\'.split('')), maxLength: 12 }), (text) => {
        expect(isBase64Bytes(Buffer.from(text), 0, text.length)).toBe(isBase64(text));
      }),
    );
  });
});
