// The keys a manifest's schema does not know: found by the schema, placed on their line, and named
// with the key most likely meant.
import { describe, expect, it } from 'vitest';
import { readPluginManifest } from '../skwir/plugin-manifest';
import toolSchema from '../protocol/manifest.schema.json';
import { jsonKeyLines } from './json-key-lines';
import { editDistance, nearestKey } from './nearest-key';
import { tomlKeyLines } from './toml-key-lines';
import { unknownKeyWarnings } from './unknown-keys';

const warningsOf = (toml: string) => readPluginManifest(toml).warnings;

describe('a skwir-plugin.toml with keys its schema does not know', () => {
  it('names each typo on its line with the key it most likely meant, at the top and inside tables', () => {
    const toml = [
      'id = "org.example.typos"', // 1
      'name = "Typos"',
      'version = "1.0.0"',
      '',
      '# capabilities = ["write"] is only a comment', // 5
      'capabilites = ["read"]',
      '[program]',
      'exec = "run"',
      'argz = []',
      '[[field]]', // 10
      'key = "a"',
      'title = "A"',
      '[[previews]]',
      'extension = ["txt"]',
      '[[previews]]', // 15
      'page = true',
      '[[commands]]',
      'name = "go"',
      'title = "Go"',
      'args = { type = "object", propertees = {} }', // 20: args are the author's JSON Schema, not ours
    ].join('\n');
    const reading = readPluginManifest(toml);
    expect(reading.ok).toBe(true);
    expect(reading.warnings).toEqual([
      'line 6: capabilites is not a key of skwir-plugin.toml; did you mean capabilities?',
      'line 9: argz is not a key of program in skwir-plugin.toml; did you mean args?',
      'line 10: field is not a key of skwir-plugin.toml; did you mean fields?',
      'line 14: extension is not a key of previews[0] in skwir-plugin.toml; did you mean extensions?',
      'line 16: page is not a key of previews[1] in skwir-plugin.toml; did you mean pages?',
    ]);
  });

  it('places keys of dotted keys, inline tables and tables in a list of tables written after strings that look like keys', () => {
    const toml = [
      'id = "org.example.places"',
      'name = """a name',
      'capabilites = "inside a multi-line string"',
      '"""',
      "version = '1.0.0'",
      'program = { exec = "run", arg = [] }', // 6
      'previews = [',
      '  { converts = true },',
      '  { convert = true },', // 9
      ']',
      'fields.0 = 1', // 11: a dotted key into the list the schema knows as fields
    ].join('\n');
    const reading = readPluginManifest(toml);
    expect(reading.warnings).toEqual([
      'line 6: arg is not a key of program in skwir-plugin.toml; did you mean args?',
      'line 9: convert is not a key of previews[1] in skwir-plugin.toml; did you mean converts?',
    ]);
    expect(reading.ok).toBe(false); // fields = { 0 = 1 } is not a list: a problem, not a warning
  });

  it('says when a key of the top level was written under a table, and lists the keys when none is near', () => {
    const toml = 'id = "org.example.t"\nname = "T"\nversion = "1.0.0"\n[program]\nexec = "run"\ncapabilities = ["read"]\nhomepage = "x"\n';
    expect(warningsOf(toml)).toEqual([
      'line 6: capabilities is not a key of program in skwir-plugin.toml; capabilities is a key of the top level, written before the first [table]',
      'line 7: homepage is not a key of program in skwir-plugin.toml (its keys are exec, args)',
    ]);
  });

  it('has none for a manifest of known keys, and none for the keys of a command args schema', () => {
    const toml =
      'id = "org.example.t"\nname = "T"\nversion = "1.0.0"\n[program]\nexec = "run"\n[[commands]]\nname = "go"\ntitle = "Go"\n[commands.args]\ntype = "object"\nproperties.level.type = "integer"\n';
    expect(readPluginManifest(toml)).toMatchObject({ ok: true, warnings: [] });
  });

  it('quotes a key that is not a plain name, and stops listing after 50', () => {
    const many = Array.from({ length: 60 }, (_, i) => `zz${i} = 1`).join('\n');
    const warnings = warningsOf(`id = "org.example.t"\nname = "T"\nversion = "1.0.0"\n"\\u202Eevil" = 1\n${many}\n[program]\nexec = "run"\n`);
    expect(warnings[0]).toBe(
      'line 4: "\\u202eevil" is not a key of skwir-plugin.toml (its keys are id, name, version, description, api, capabilities, program, module, fields, previews, commands)',
    );
    expect(warnings).toHaveLength(51);
    expect(warnings[50]).toBe('and 11 more keys skwir-plugin.toml does not know');
  });

  it('says a string is not closed, not that it holds a control character', () => {
    const problemsOf = (toml: string) => {
      const reading = readPluginManifest(toml);
      return reading.ok ? [] : reading.problems.map((problem) => problem.text);
    };
    expect(problemsOf('id = "org.example.t"\nname = "T\nversion = "1.0.0"\n')).toEqual([
      `skwir-plugin.toml: line 2: a string is not closed (a "..." or '...' string ends on the line it starts; """...""" may run over lines)`,
    ]);
    expect(problemsOf("id = 'org.example.t\r\n")[0]).toMatch(/^skwir-plugin.toml: line 1: a string is not closed/);
    expect(problemsOf('name = """T\n')[0]).toMatch(/^skwir-plugin.toml: line 1: a string is not closed/);
    expect(problemsOf('name = "T')[0]).toMatch(/^skwir-plugin.toml: line 1: a string is not closed/);
    // A real control character inside a string keeps the parser's words.
    expect(problemsOf('name = "T\u0001"\n')).toEqual(['skwir-plugin.toml: line 1, column 10: control characters are not allowed in strings']);
  });
});

describe('a vitruvian-tool.json with keys its schema does not know', () => {
  it('names each on its line, nested ones in runtime, commands and preferences, and never those of a map of texts', () => {
    const json = JSON.stringify(
      {
        id: 'com.example.t',
        name: { en: 'T', 'fr-CA': 'T' },
        version: '1.0.0',
        protocol: 1,
        publisher: { en: 'P' },
        runtime: { exec: 'run', statr: 'launch' },
        use: ['clipboard'],
        commands: [{ id: 'go', title: { en: 'Go' }, surface: ['palette'] }],
        preferences: [{ id: 'p', kind: 'choice', title: { en: 'P' }, options: [{ value: 'a', titel: { en: 'A' } }] }],
      },
      null,
      2,
    );
    const value = JSON.parse(json) as unknown;
    expect(unknownKeyWarnings(toolSchema, value, jsonKeyLines(json), 'vitruvian-tool.json')).toEqual([
      'line 14: statr is not a key of runtime in vitruvian-tool.json; did you mean start?',
      'line 16: use is not a key of vitruvian-tool.json; did you mean uses?',
      'line 25: surface is not a key of commands[0] in vitruvian-tool.json; did you mean surfaces?',
      'line 40: titel is not a key of preferences[0].options[0] in vitruvian-tool.json; did you mean title?',
    ]);
  });
});

describe('the places of keys', () => {
  it('counts each table of a list of tables, nested lists of tables too', () => {
    const lines = tomlKeyLines('[[a]]\nx = 1\n[[a]]\n[[a.b]]\ny = 2\n[[a.b]]\n[a.c]\nz = "#"  # note\n');
    expect([lines.lineOf(['a', 0, 'x']), lines.lineOf(['a', 1, 'b', 0, 'y']), lines.lineOf(['a', 1, 'b', 1]), lines.lineOf(['a', 1, 'c', 'z'])]).toEqual([
      2, 5, 6, 8,
    ]);
    // A key without a place of its own is told by the table holding it.
    expect(lines.lineOf(['a', 1, 'c', 'nowhere'])).toBe(7);
  });

  it('steps over a manifest full of small values to the key after them', () => {
    const many = Array.from({ length: 12_000 }, (_, i) => i % 10).join(',');
    const toml = tomlKeyLines(`list = [${many}]\n\n[t]\nafter = { x = [${many}], y = 1 }\n`);
    expect([toml.lineOf(['list', 11_999]), toml.lineOf(['t', 'after', 'y'])]).toEqual([1, 4]);
    const json = jsonKeyLines(`{"list": [${many}],\n"after": {"x": [${many}],\n "y": null}}`);
    expect([json.lineOf(['list', 11_999]), json.lineOf(['after', 'y'])]).toEqual([1, 3]);
  });

  it('reads JSON keys with escapes, on the line they start', () => {
    const lines = jsonKeyLines('{\n "a\\"b": {\n  "c": [1,\n {"d": 2}]\n }\n}');
    expect([lines.lineOf(['a"b']), lines.lineOf(['a"b', 'c', 1, 'd'])]).toEqual([2, 4]);
  });
});

describe('the nearest known key', () => {
  it('takes one slip in a short key and two in a longer one, swapped neighbours as one', () => {
    expect(editDistance('capabilites', 'capabilities', 2)).toBe(1);
    expect(editDistance('exce', 'exec', 1)).toBe(1);
    expect(editDistance('abcdef', 'xyz', 2)).toBeUndefined();
    expect(nearestKey('Name', ['id', 'name'])).toBe('name');
    expect(nearestKey('exce', ['exec', 'args'])).toBe('exec');
    expect(nearestKey('titl', ['title', 'key'])).toBe('title');
    expect(nearestKey('homepage', ['id', 'name', 'version'])).toBeUndefined();
    expect(nearestKey('x'.repeat(60_000), ['id'])).toBeUndefined();
  });
});
