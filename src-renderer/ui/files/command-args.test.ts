import { describe, expect, it } from 'vitest';
import { argFields, argsFromDraft, argsIntro, initialDraft } from './command-args';

const schema = {
  type: 'object',
  required: ['name', 'level'],
  properties: {
    name: { type: 'string', title: 'New name', minLength: 2, maxLength: 5 },
    level: { type: 'integer', minimum: 1, maximum: 9, default: 3, description: 'How strong' },
    ratio: { type: ['number', 'null'] },
    lines: { type: 'boolean', default: true },
    colour: { enum: ['red', 'green'], default: 'green' },
    mode: {
      oneOf: [
        { const: 'fast', title: 'Fast' },
        { const: 'slow', title: 'Slow' },
      ],
    },
    extra: { type: 'object' },
  },
};

describe('a command’s args form', () => {
  it('makes a field per property, by type, with required ones, titled by the schema’s title, else its description', () => {
    const fields = argFields(schema);
    expect(fields.map((field) => [field.name, field.kind, field.label, field.required])).toEqual([
      ['name', 'text', 'New name', true],
      ['level', 'integer', 'How strong', true],
      ['ratio', 'number', 'ratio', false],
      ['lines', 'boolean', 'lines', false],
      ['colour', 'choice', 'colour', false],
      ['mode', 'choice', 'mode', false],
      ['extra', 'json', 'extra', false],
    ]);
    // Its description is its label: not said twice.
    expect(fields[1]).toMatchObject({ minimum: 1, maximum: 9 });
    expect(fields[1]!.description).toBeUndefined();
    expect(argFields({ type: 'object', properties: { a: { type: 'string', title: 'A', description: 'about a' } } })[0]).toMatchObject({
      label: 'A',
      description: 'about a',
    });
    expect(argsIntro({ type: 'object', title: 'Options', description: 'What to count' })).toBe('Options: What to count');
    expect(fields[5]).toMatchObject({
      options: [
        { value: 'fast', label: 'Fast' },
        { value: 'slow', label: 'Slow' },
      ],
    });
    expect(argFields(undefined)).toEqual([]);
    expect(argFields({ type: 'object' })).toEqual([]);
  });

  it('fills in the defaults', () => {
    expect(initialDraft(schema, argFields(schema))).toEqual({
      name: '',
      level: '3',
      ratio: '',
      lines: true,
      colour: '1',
      mode: '',
      extra: '',
    });
  });

  it('turns what was typed into the args, leaving out what was left empty', () => {
    const fields = argFields(schema);
    const draft = { ...initialDraft(schema, fields), name: 'abc', ratio: '0,5', mode: '1', extra: '{"a":1}' };
    expect(argsFromDraft(schema, fields, draft)).toEqual({
      ok: true,
      args: { name: 'abc', level: 3, ratio: 0.5, lines: true, colour: 'green', mode: 'slow', extra: { a: 1 } },
    });
    expect(argsFromDraft(schema, fields, { ...draft, ratio: '', mode: '', extra: '' })).toEqual({
      ok: true,
      args: { name: 'abc', level: 3, lines: true, colour: 'green' },
    });
  });

  it('finds one problem per field, for the form to show under it', () => {
    const fields = argFields(schema);
    const draft = initialDraft(schema, fields);
    expect(argsFromDraft(schema, fields, { ...draft, level: '' })).toEqual({
      ok: false,
      problems: { name: { code: 'required' }, level: { code: 'required' } },
    });
    const read = (change: Record<string, string>) => argsFromDraft(schema, fields, { ...draft, name: 'abc', ...change });
    expect(read({ level: 'x' })).toMatchObject({ problems: { level: { code: 'notANumber' } } });
    expect(read({ level: '2.5' })).toMatchObject({ problems: { level: { code: 'notWhole' } } });
    expect(read({ level: '0' })).toMatchObject({ problems: { level: { code: 'atLeast', limit: 1 } } });
    expect(read({ level: '10' })).toMatchObject({ problems: { level: { code: 'atMost', limit: 9 } } });
    expect(read({ name: 'a' })).toMatchObject({ problems: { name: { code: 'tooShort', limit: 2 } } });
    expect(read({ name: 'abcdef' })).toMatchObject({ problems: { name: { code: 'tooLong', limit: 5 } } });
    expect(read({ extra: '{nope' })).toMatchObject({ problems: { extra: { code: 'notJson' } } });
  });

  it('sends no args for a command without a schema, and {} for an object with no properties', () => {
    expect(argsFromDraft(undefined, [], {})).toEqual({ ok: true, args: undefined });
    expect(argsFromDraft({ type: 'object' }, [], {})).toEqual({ ok: true, args: {} });
  });
});
