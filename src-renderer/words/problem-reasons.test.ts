import { describe, expect, it } from 'vitest';
import { problemOf, reasonWordsEn, type ProblemReason } from '../../src-shared/protocol/problem-reasons';
import manifestSchema from '../../src-shared/protocol/manifest.schema.json';
import pluginManifestSchema from '../../src-shared/skwir/skwir-manifest.schema.json';
import { en } from './en';
import { fr } from './fr';
import { problemReasonFr, schemaRulesFr } from './problem-reasons-fr';

const value = { quoted: '"camera"' };

/** One of every reason a manifest or a folder is refused for: a code added to ProblemReason and not here breaks the build. */
const oneOfEach: { [Code in ProblemReason['code']]: Extract<ProblemReason, { code: Code }> } = {
  missing: { code: 'missing', goesWith: 'args.from' },
  wrongType: { code: 'wrongType', value: '7', given: 'integer', expected: ['string'] },
  notOneOf: { code: 'notOneOf', value, allowed: ['"px"', '"pt"'] },
  notConst: { code: 'notConst', value, allowed: '"done"' },
  tooManyChars: { code: 'tooManyChars', count: 61, limit: 60 },
  tooFewChars: { code: 'tooFewChars', count: 2, limit: 3 },
  empty: { code: 'empty' },
  tooManyItems: { code: 'tooManyItems', count: 33, limit: 32 },
  tooFewItems: { code: 'tooFewItems', count: 1, limit: 2 },
  emptyList: { code: 'emptyList' },
  lessThan: { code: 'lessThan', value: { quoted: '-3' }, limit: 1 },
  moreThan: { code: 'moreThan', value: { quoted: '99' }, limit: 20 },
  notAbove: { code: 'notAbove', value: { quoted: '0' }, limit: 5 },
  notBelow: { code: 'notBelow', value: { quoted: '9' }, limit: 8 },
  notMultiple: { code: 'notMultiple', value: { quoted: '7' }, of: 5 },
  badForm: { code: 'badForm', value },
  badFormat: { code: 'badFormat', value, format: 'email' },
  tooFewProperties: { code: 'tooFewProperties', count: 1, limit: 2 },
  tooManyProperties: { code: 'tooManyProperties', count: 4, limit: 3 },
  containsTooFew: { code: 'containsTooFew', least: 1, most: 2 },
  notAllowedHere: { code: 'notAllowedHere', value: { kind: 'object' } },
  brokeRule: { code: 'brokeRule', value, keyword: 'dependentSchemas' },
  notAllowedProperty: { code: 'notAllowedProperty', allowed: ['size', 'unit'], more: 3 },
  notAKind: { code: 'notAKind', value, kinds: 4 },
  alreadyListed: { code: 'alreadyListed', value, at: 'uses[0]' },
  rule: {
    code: 'rule',
    rule: 'unknown service {value}; the services are {allowed}',
    value,
    count: 6,
    limit: 0,
    control: 'none',
    allowed: ['notify', 'open', 'storage'],
  },
  duplicate: { code: 'duplicate', value: '"copy"', key: 'id', at: 'commands[0]' },
  boundNotForKind: { code: 'boundNotForKind', only: 'number', kind: '"text"' },
  minimumAboveMaximum: { code: 'minimumAboveMaximum', minimum: 9, maximum: 3 },
  badDefault: { code: 'badDefault', value: { quoted: '"x"' }, fault: { code: 'kind', kind: 'number' } },
  protocolNotSpoken: { code: 'protocolNotSpoken', value: 2, spoken: [1] },
  apiNotSpoken: { code: 'apiNotSpoken', value: 3, oldest: 1, newest: 1 },
  noTransport: { code: 'noTransport' },
  bothTransports: { code: 'bothTransports' },
  folderMissing: { code: 'folderMissing', path: '"/home/me/gone"' },
  notAFolder: { code: 'notAFolder', path: '"/home/me/notes.txt"' },
  unreadable: { code: 'unreadable', value: '"plugin.wasm"', detail: 'EACCES' },
  bothManifests: { code: 'bothManifests', tool: 'vitruvian-tool.json', plugin: 'skwir-plugin.toml' },
  noManifest: { code: 'noManifest', plugin: 'skwir-plugin.toml' },
  manifestIsFolder: { code: 'manifestIsFolder' },
  manifestNotRegular: { code: 'manifestNotRegular' },
  manifestLeaves: { code: 'manifestLeaves', noun: 'plugin' },
  tooManyBytes: { code: 'tooManyBytes', size: 700, limit: 600 },
  byteOrderMark: { code: 'byteOrderMark' },
  utf16: { code: 'utf16' },
  zeroByte: { code: 'zeroByte', at: 12 },
  notUtf8: { code: 'notUtf8', byte: '0xFF', at: 3 },
  emptyManifest: { code: 'emptyManifest' },
  tooDeep: { code: 'tooDeep', limit: 64, line: 3, column: 7 },
  notJson: { code: 'notJson', detail: "unexpected token 'o'", line: 3, column: 3 },
  jsonEndsEarly: { code: 'jsonEndsEarly' },
  notToml: { code: 'notToml', detail: 'invalid key', line: 4, column: 2 },
  stringNotClosed: { code: 'stringNotClosed', line: 5 },
  absolutePath: { code: 'absolutePath', value: '"/bin/sh"', noun: 'tool' },
  leavesFolder: { code: 'leavesFolder', value: '"../run"', noun: 'tool' },
  folderItself: { code: 'folderItself', value: '"."', noun: 'plugin', program: true },
  notInFolder: { code: 'notInFolder', value: '"bin/run"', noun: 'tool' },
  leavesBySymlink: { code: 'leavesBySymlink', value: '"bin/run"', noun: 'tool', to: '"/usr/bin/env"' },
  notAFile: { code: 'notAFile', value: '"bin"', is: 'folder', program: true },
  notExecutable: { code: 'notExecutable', value: '"bin/run"' },
  idCannotNameFolder: { code: 'idCannotNameFolder', value: '"a/b"' },
  caseTwin: { code: 'caseTwin', value: '"A.b"', twin: '"a.b"', inPlaceFrom: '/home/me/a' },
  idLoadedInPlace: { code: 'idLoadedInPlace', value: '"a.b"', from: '/home/me/a' },
  idTaken: { code: 'idTaken', value: '"a.b"', from: '/home/me/a' },
  isInstalledCopy: { code: 'isInstalledCopy', path: '/data/tools/a.b' },
  tooManyEntries: { code: 'tooManyEntries', limit: 100 },
  nestedTooDeep: { code: 'nestedTooDeep', value: '"a/b/c"', depth: 33, limit: 32 },
  specialFile: { code: 'specialFile', value: '"pipe"', kind: 'fifo' },
  tooManyFolderBytes: { code: 'tooManyFolderBytes', gib: 1, limit: 999 },
  changedWhileCopied: { code: 'changedWhileCopied', value: '"big.bin"' },
  notCopied: { code: 'notCopied', value: '"big.bin"', detail: 'ENOSPC' },
};

const placeholders = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort();

/** The words a reason chooses between, which it need not show as they are. */
const chosen = new Set(['code', 'rule', 'noun', 'is', 'program', 'given', 'expected', 'format', 'kind', 'only', 'key']);

/** Each value and number under a node of a reason. */
function partsOf(node: unknown, key?: string): string[] {
  if (key !== undefined && chosen.has(key)) return [];
  if (typeof node === 'string' || typeof node === 'number') return [String(node)];
  if (Array.isArray(node)) return node.flatMap((item) => partsOf(item));
  if (node !== null && typeof node === 'object') return Object.entries(node).flatMap(([name, inner]) => partsOf(inner, name));
  return [];
}

/** What a reason's words must show of it: each value and number it carries; for a schema's rule, those its template names. */
function shownParts(reason: ProblemReason): string[] {
  if (reason.code !== 'rule') return partsOf(reason);
  const fields: Record<string, unknown> = reason;
  return placeholders(reason.rule).flatMap((name) => partsOf(fields[name]));
}

/** The `x-reasons` templates of a schema, every one. */
function rulesOf(schema: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (node === null || typeof node !== 'object') return;
    const reasons = (node as Record<string, unknown>)['x-reasons'];
    if (reasons && typeof reasons === 'object') found.push(...Object.values(reasons as Record<string, string>));
    Object.values(node).forEach(walk);
  };
  walk(schema);
  return found;
}

describe('a refused folder’s problems in the window’s words', () => {
  it('words every reason in English and in French, differently, each showing the values it carries', () => {
    for (const reason of Object.values(oneOfEach) as ProblemReason[]) {
      const english = reasonWordsEn(reason);
      const french = problemReasonFr(reason);
      expect(french, reason.code).toBeTypeOf('string');
      expect(french, reason.code).not.toBe(english);
      for (const part of shownParts(reason)) {
        expect(english, `${reason.code}: ${part}`).toContain(part);
        expect(french, `${reason.code}: ${part}`).toContain(part);
      }
    }
  });

  it('has French words for every rule the two manifests’ schemas word themselves, with the same placeholders', () => {
    const rules = [...new Set([...rulesOf(manifestSchema), ...rulesOf(pluginManifestSchema)])];
    expect(rules.length).toBeGreaterThan(15);
    for (const rule of rules) {
      expect(schemaRulesFr[rule], rule).toBeTypeOf('string');
      expect(placeholders(schemaRulesFr[rule]!), rule).toEqual(placeholders(rule));
    }
    // None left over from a rule since reworded: it would never be used.
    expect(Object.keys(schemaRulesFr).filter((rule) => !rules.includes(rule))).toEqual([]);
  });

  it('writes a line as the field, then its reason; numbers and lists as French writes them', () => {
    const services = problemOf('uses[1]', { ...oneOfEach.rule, allowed: ['notify', 'open', 'storage'] });
    expect(en.folderProblem(services)).toBe('uses[1]: unknown service "camera"; the services are notify, open and storage');
    expect(fr.folderProblem(services)).toBe('uses[1]\u202f: service inconnu "camera"\u202f; les services sont notify, open et storage');
    const big = problemOf('vitruvian-tool.json', { code: 'tooManyBytes', size: 70_000, limit: 65_536 });
    expect(en.folderProblem(big)).toBe('vitruvian-tool.json: 70,000 bytes, at most 65,536');
    expect(fr.folderProblem(big)).toBe('vitruvian-tool.json\u202f: 70\u202f000 octets, 65\u202f536 au plus');
    // Found in the copy an install made (a file changed while it was copied): said in the window's language too.
    const inCopy = { ...big, text: `${big.text} (in the installed copy)`, inInstalledCopy: true as const };
    expect(en.folderProblem(inCopy)).toBe('vitruvian-tool.json: 70,000 bytes, at most 65,536 (in the installed copy)');
    expect(fr.folderProblem(inCopy)).toBe('vitruvian-tool.json\u202f: 70\u202f000 octets, 65\u202f536 au plus (dans la copie installée)');
  });

  it('words a folder refused in place in French too: its state and its log line', () => {
    const missing = problemOf('publisher', { code: 'missing' });
    const unknown = { text: 'folder: it changed while it was copied' };
    expect(fr.reason({ code: 'refused', problem: missing.text, field: 'publisher', reason: { code: 'missing' } })).toBe(
      'le dossier a été refusé\u202f: publisher\u202f: manquant',
    );
    expect(fr.reason({ code: 'refused', problem: unknown.text })).toBe('le dossier a été refusé\u202f: folder: it changed while it was copied');
    expect(fr.hostLog({ code: 'folderRefused', problems: [missing, unknown] })).toBe(
      'le dossier a été refusé\u202f: publisher\u202f: manquant\u202f; folder: it changed while it was copied',
    );
    expect(en.hostLog({ code: 'folderRefused', problems: [missing, unknown] })).toBe(
      'the folder was refused: publisher: missing; folder: it changed while it was copied',
    );
  });

  it('shows the host’s English line for a reason, or a schema rule, this window does not know', () => {
    const newer = { text: 'uses[0]: a reason from a newer host', field: 'uses[0]', reason: { code: 'fromTheFuture' } as unknown as ProblemReason };
    expect(fr.folderProblem(newer)).toBe('uses[0]: a reason from a newer host');
    const reworded = problemOf('uses[0]', { ...oneOfEach.rule, rule: 'no service named {value}' });
    expect(fr.folderProblem(reworded)).toBe('uses[0]: no service named "camera"');
    expect(fr.folderProblem({ text: 'folder: it changed while it was copied' })).toBe('folder: it changed while it was copied');
  });
});
