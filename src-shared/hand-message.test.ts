// A message sent by hand: read from what a person typed, and judged against each dialect's schema
// and what the entry declares, with words naming the field and the value.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { handKind, handMessageProblems, handShapeProblem, readHandMessage, type HandTarget } from './hand-message';
import { readPluginManifest } from './skwir/plugin-manifest';

const tool: HandTarget = { dialect: 'protocol1', commands: ['countClipboard', 'pasteDate'] };
const reading = readPluginManifest(readFileSync(new URL('../tools-sample/skwir-word-count/skwir-plugin.toml', import.meta.url), 'utf8'));
if (!reading.ok) throw new Error(reading.problems.map((problem) => problem.text).join('; '));
const plugin: HandTarget = { dialect: 'skwir', declarations: reading.manifest };

describe('readHandMessage', () => {
  it('takes a message object, or a whole JSON-RPC message whose id makes it a request', () => {
    expect(readHandMessage({ method: 'command/run', params: { command: 'pasteDate' } })).toEqual({
      ok: true,
      message: { method: 'command/run', params: { command: 'pasteDate' } },
    });
    expect(readHandMessage({ jsonrpc: '2.0', id: 'mine', method: 'whatever' })).toEqual({ ok: true, message: { method: 'whatever', kind: 'request' } });
    expect(readHandMessage({ jsonrpc: '2.0', method: 'whatever', params: [1] })).toEqual({
      ok: true,
      message: { method: 'whatever', params: [1], kind: 'notice' },
    });
  });

  it('names what is wrong with what was typed', () => {
    expect(readHandMessage([1])).toMatchObject({ ok: false, problem: expect.stringContaining('expected a JSON object') });
    expect(readHandMessage({ method: 'x', id: 3 })).toMatchObject({ ok: false, problem: expect.stringMatching(/^id: the host numbers/) });
    expect(readHandMessage({ jsonrpc: '1.0', method: 'x' })).toEqual({ ok: false, problem: 'jsonrpc: expected "2.0", got "1.0"' });
    expect(readHandMessage({ method: 'x', params: 5 })).toEqual({ ok: false, problem: 'params: JSON-RPC params are an object or a list, got 5' });
    expect(readHandMessage({ method: '' })).toEqual({ ok: false, problem: 'method: expected the method\'s name, got ""' });
    expect(readHandMessage({ method: 'x', color: 1 })).toEqual({
      ok: false,
      problem: 'color: not a field of a message sent by hand (method, params, files, kind)',
    });
    expect(handShapeProblem({ method: 'x', files: ['a', 3] })).toBe('message.files: expected a list of paths');
  });

  it('refuses params nested past the limit before anything walks them', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200; i++) deep = [deep];
    expect(handShapeProblem({ method: 'x', params: deep })).toMatch(/nested more than \d+ levels deep/);
  });
});

describe('handMessageProblems, protocol 1', () => {
  it('passes what the app may send, and a method of any name', () => {
    expect(handMessageProblems(tool, { method: 'command/run', params: { command: 'pasteDate' } })).toEqual([]);
    expect(handMessageProblems(tool, { method: 'language/changed', params: { language: 'fr' } })).toEqual([]);
    expect(handMessageProblems(tool, { method: 'my/own', params: { any: 1 }, kind: 'notice' })).toEqual([]);
    expect(handKind('protocol1', { method: 'preferences/changed' })).toBe('notice');
    expect(handKind('protocol1', { method: 'my/own' })).toBe('request');
  });

  it('names the field that does not fit, an undeclared command, a tool message and the wrong kind', () => {
    expect(handMessageProblems(tool, { method: 'command/run', params: {} })).toEqual(['params.command: missing']);
    expect(handMessageProblems(tool, { method: 'command/run', params: { command: 'nope' } })).toEqual([
      'params.command: "nope" is not a command of the tool (it declares "countClipboard", "pasteDate")',
    ]);
    expect(handMessageProblems(tool, { method: 'commands/state', params: { runnable: [] } })).toEqual([
      'method: commands/state is sent by the tool, never by the app',
    ]);
    expect(handMessageProblems(tool, { method: 'command/run', params: { command: 'pasteDate' }, kind: 'notice' })).toEqual([
      'kind: command/run is a request, answered; sent as a notice, it breaks the protocol',
    ]);
    expect(handMessageProblems(tool, { method: 'command/run', params: { command: 'pasteDate' }, files: ['/a'] })).toEqual([
      'files: a tool is never given files; protocol 1 messages name none',
    ]);
  });
});

describe('handMessageProblems, Skwir', () => {
  it('judges a call as the host does, its files by name', () => {
    expect(handMessageProblems(plugin, { method: 'field', params: { key: 'word-count.words' }, files: ['/tmp/a.txt'] })).toEqual([]);
    expect(handMessageProblems(plugin, { method: 'field', params: { key: 'nope' }, files: ['/tmp/a.txt'] })).toEqual([
      'key: "nope" is not a field of the plugin (it declares "word-count.words")',
    ]);
    expect(handMessageProblems(plugin, { method: 'command', params: { command: 'word-count.count', args: { color: 1 } }, files: ['/tmp/a.txt'] })).toEqual([
      expect.stringContaining('args.color'),
    ]);
    expect(handMessageProblems(plugin, { method: 'field', params: { key: 'word-count.words', file: {} }, files: ['/tmp/a.txt'] })).toEqual([
      expect.stringMatching(/^params.file: the host writes a call's files/),
    ]);
    expect(handMessageProblems(plugin, { method: 'field', params: { key: 'word-count.words' } })).toEqual([
      'files: field is asked about one file at a time, not 0',
    ]);
  });

  it("checks the host notices and requests against the schema, and refuses the plugin's own", () => {
    expect(handMessageProblems(plugin, { method: '$/cancel', params: { id: 3 } })).toEqual([]);
    expect(handMessageProblems(plugin, { method: '$/cancel', params: {} })).toEqual([expect.stringContaining('id')]);
    expect(handMessageProblems(plugin, { method: 'read', params: { file: 1, offset: 0, length: 1 } })).toEqual([
      'method: read is sent by the plugin, never by the app',
    ]);
    expect(handMessageProblems(plugin, { method: 'future/thing', params: { x: 1 }, files: ['/tmp/a.txt'] })).toEqual([]);
  });
});
