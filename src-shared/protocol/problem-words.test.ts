import { Ajv2020 } from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { codePoints, fieldPath, firstProblems, formatCount, kindOf, quote, schemaProblems } from './problem-words';

describe('the words of a problem', () => {
  it('writes JSON pointers as field paths a tool author reads', () => {
    expect(fieldPath('', '/preferences/0/title/fr')).toBe('preferences[0].title.fr');
    expect(fieldPath('params', '/keys/2')).toBe('params.keys[2]');
    expect(fieldPath('', '/name', 'pt-BR')).toBe('name.pt-BR');
    expect(fieldPath('', '/name', 'a.b c')).toBe('name["a.b c"]');
    expect(fieldPath('', '/a~1b')).toBe('["a/b"]');
    expect(fieldPath('', '')).toBe('');
  });

  it('names values: strings quoted and cut when long, controls and bidi controls escaped, objects by kind', () => {
    expect(quote('camera')).toBe('"camera"');
    expect(quote('a\u0007b\u0085')).toBe('"a\\u0007b\\u0085"');
    // A bidi control would reorder the reason around it: "report<U+202E>txt.exe" reads "reportexe.txt".
    expect(quote('report\u202Etxt.exe \u2066\u200F')).toBe('"report\\u202etxt.exe \\u2066\\u200f"');
    expect(quote('x'.repeat(100))).toBe(`"${'x'.repeat(59)}…"`);
    expect(quote(3)).toBe('3');
    expect(quote(null)).toBe('null');
    expect(quote({ a: 1 })).toBe('an object');
    expect(quote([1])).toBe('a list');
    expect(kindOf(1.5)).toBe('a number');
    expect(kindOf(2)).toBe('a whole number');
  });

  it('never walks into a value, however deep', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(quote(deep)).toBe('a list');
  });

  it('counts code points, not UTF-16 units, and writes counts as the limits are written', () => {
    expect(codePoints('😀é')).toBe(2);
    expect(formatCount(10_485_760)).toBe('10,485,760');
    expect(formatCount(60)).toBe('60');
  });
});

describe('the words of a schema fault', () => {
  const problems = (schema: object, value: unknown) => {
    const validate = new Ajv2020({ strict: false, allErrors: true, verbose: true }).compile(schema);
    return validate(value) ? [] : schemaProblems(validate.errors ?? [], 'args');
  };

  it('name the property and the rule in words, never the keyword alone', () => {
    const object = { type: 'object', properties: { size: { type: 'integer' }, unit: { enum: ['px', 'pt'] } }, additionalProperties: false };
    expect(problems(object, { size: 1, color: 'red' })).toEqual(['args.color: not a property the schema allows (it allows "size" or "unit")']);
    expect(problems({ type: 'object', unevaluatedProperties: false }, { z: 1 })).toEqual(['args.z: not a property the schema allows (it allows none)']);
    expect(problems({ type: 'number', exclusiveMinimum: 0 }, 0)).toEqual(['args: must be above 0, not 0']);
    expect(problems({ type: 'number', exclusiveMaximum: 1 }, 1)).toEqual(['args: must be below 1, not 1']);
    expect(problems({ type: 'number', multipleOf: 5 }, 7)).toEqual(['args: must be a multiple of 5, not 7']);
    expect(problems({ type: 'object', minProperties: 2 }, { a: 1 })).toEqual(['args: 1 property, at least 2']);
    expect(problems({ type: 'object', dependentRequired: { from: ['to'] } }, { from: 1 })).toEqual(['args.to: missing; it goes with args.from']);
    expect(problems({ type: 'array', contains: { type: 'string' } }, [1])).toEqual(['args: at least 1 of its items must be of the kind the schema names']);
    expect(problems({ type: 'array', prefixItems: [{}], items: false }, [1, 2])).toEqual(['args: 2 items, at most 1']);
    expect(problems({ type: 'object', properties: { a: false } }, { a: 1 })).toEqual(['args.a: 1 is not allowed here']);
    expect(problems({ not: { const: 3 } }, 3)).toEqual(['args: 3 is not allowed here']);
    const keywords = /additionalProperties|unevaluatedProperties|exclusiveM|multipleOf|minProperties|dependentRequired|contains|prefixItems/;
    for (const line of problems(object, { size: 'x', unit: 'em', color: 1, shade: 2 })) expect(line).not.toMatch(keywords);
  });

  it('give the first few of many, and how many more, never a wall', () => {
    const many = Array.from({ length: 2_533 }, (_, i) => `result.rows[${i}].cells: 5 is a whole number, expected a list`);
    const named = firstProblems(many);
    expect(named).toHaveLength(11);
    expect(named.at(-1)).toBe('and 2,523 more problems');
    const long = Array.from({ length: 6 }, (_, i) => `args.p${i}: ${'"x…" '.repeat(80)}`);
    expect(firstProblems(long).join('; ').length).toBeLessThan(1_200);
    expect(firstProblems(long).at(-1)).toMatch(/^and \d more problems$/);
    expect(firstProblems(['one', 'two'])).toEqual(['one', 'two']);
    expect(firstProblems(Array.from({ length: 11 }, () => 'p')).at(-1)).toBe('and 1 more problem');
  });
});
