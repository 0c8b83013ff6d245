// Holds the Skwir contract's files together: schemas, generated types, methods.json, examples,
// limits and the README. A change to one that the others do not follow fails here.
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSkwirTypes } from '../../scripts/protocol-types';
import { messageKind } from '../protocol/check-message';
import { answerProblems } from './answers';
import manifestExamples from './examples/manifests.json';
import messageExamples from './examples/messages.json';
import * as limits from './limits';
import { callMethods, skwirMethodInfo, skwirMethods, skwirTypeName, type CallMethod } from './methods';
import { readPluginManifest } from './plugin-manifest';
import { skwirDef, skwirProblems } from './schema-check';
import manifestSchema from './skwir-manifest.schema.json';
import messagesSchema from './skwir-messages.schema.json';
import type { Capability } from './types';

const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
const defs = messagesSchema.$defs as Record<string, Record<string, unknown>>;

describe('types.ts', () => {
  it('is what the schemas generate now (run npm run gen:types after changing a schema)', async () => {
    expect(read('./types.ts')).toBe(await generateSkwirTypes());
  }, 60_000);
});

describe('methods.json', () => {
  it('lists the ten messages once each, with their params in the schema and a result for each request', () => {
    expect(skwirMethods.map((m) => m.method)).toEqual(['initialize', 'field', 'thumbnail', 'inspect', 'convert', 'page', 'command', '$/cancel', 'read', 'log']);
    for (const { method, kind } of skwirMethods) {
      expect(defs[`${skwirTypeName(method)}Params`], method).toBeDefined();
      expect(defs[`${skwirTypeName(method)}Result`] !== undefined, method).toBe(kind === 'request');
    }
    expect(callMethods).toEqual(['field', 'thumbnail', 'inspect', 'convert', 'page', 'command']);
    expect(skwirMethodInfo('read')).toMatchObject({ sender: 'plugin', capability: 'read' });
  });

  it('dispatches every request and notice to its params in the message definitions', () => {
    for (const [kind, def] of [
      ['request', 'RequestMessage'],
      ['notice', 'NoticeMessage'],
    ] as const) {
      const [envelope, ...rest] = defs[def]!.allOf as [{ $ref: string }, ...{ if: { properties: { method: { const: string } } } }[]];
      expect(envelope).toEqual({ $ref: `urn:vitruvian:jsonrpc:2.0:messages#/$defs/${def}` });
      expect(rest.map((b) => b.if.properties.method.const)).toEqual(skwirMethods.filter((m) => m.kind === kind).map((m) => m.method));
    }
  });
});

describe('examples', () => {
  const wrappers = { request: 'RequestMessage', notice: 'NoticeMessage', result: 'ResultMessage', failure: 'FailureMessage' } as const;

  it.each(messageExamples.messages.map((e) => [e.about, e] as const))('message: %s', (_about, example) => {
    const kind = messageKind(example.message)!;
    expect(skwirProblems(skwirDef(wrappers[kind]), structuredClone(example.message), '', 'message')).toEqual(example.problems);
  });

  it.each(messageExamples.answers.map((e) => [e.about, e] as const))('answer: %s', (_about, example) => {
    const answer = structuredClone(example.answer) as unknown;
    // The examples' paths are POSIX ones.
    const context = {
      files: example.files ?? 1,
      firstHandle: example.firstHandle ?? 1,
      granted: (example.granted ?? ['read']) as Capability[],
      paths: posix,
      ...(example.fileSize !== undefined ? { fileSize: example.fileSize } : {}),
    };
    expect(answerProblems(example.method as CallMethod, answer, context)).toEqual(example.problems);
    if ('filled' in example) expect(answer).toEqual(example.filled);
  });

  it.each(manifestExamples.manifests.map((e) => [e.about, e] as const))('manifest: %s', (_about, example) => {
    const reading = readPluginManifest(example.toml);
    expect(reading.ok ? [] : reading.problems.map((problem) => problem.text)).toEqual(example.problems);
    expect(reading.warnings).toEqual('warnings' in example ? example.warnings : []);
  });

  it('give every message a valid example, and every call a valid answer', () => {
    const valid = messageExamples.messages.filter((e) => e.problems.length === 0).map((e) => (e.message as { method?: string }).method);
    for (const { method } of skwirMethods) expect(valid, method).toContain(method);
    const answered = messageExamples.answers.filter((e) => e.problems.length === 0).map((e) => e.method);
    for (const method of callMethods) expect(answered, method).toContain(method);
  });

  it('cross every kind of inspection, command answer and plan step', () => {
    const valid = messageExamples.answers.filter((e) => e.problems.length === 0).map((e) => e.answer as Record<string, unknown> | null);
    const seen = new Set(valid.flatMap((a) => [a?.kind, a?.answer, ...((a?.steps as { op: string }[] | undefined) ?? []).map((s) => s.op)]));
    for (const value of ['hex', 'table', 'done', 'value', 'text', 'plan', 'rename', 'trash', 'move', 'copy', 'mkdir'])
      expect(seen.has(value), value).toBe(true);
  });
});

describe('limits and the README agree with the schemas', () => {
  const mprops = manifestSchema.properties as Record<string, Record<string, unknown>>;
  it('states the limits of limits.ts', () => {
    expect(limits).toMatchObject({ SKWIR_MANIFEST_MAX_BYTES: 65_536, SKWIR_READ_LIMIT: 4_194_304, SKWIR_API_VERSION: 1, SKWIR_API_OLDEST: 1 });
    expect(limits).toMatchObject({ SKWIR_MODULE_MAX_BYTES: 67_108_864, SKWIR_MODULE_MEMORY_BYTES: 268_435_456 });
    expect(limits.SKWIR_LINE_LIMIT).toEqual({ bytes: 67_108_864, countsLineBreak: true });
    expect(manifestSchema.description).toContain('65,536 bytes');
    expect(defs.ReadResult!.description).toContain('4,194,304 bytes');
    expect(mprops.id!.maxLength).toBe(128);
  });

  it('names every message, capability and limit in README.md', () => {
    const readme = read('./README.md');
    for (const { method } of skwirMethods) expect(readme, method).toContain(`\`${method}\``);
    for (const capability of ['read', 'write', 'network']) expect(readme, capability).toContain(`\`${capability}\``);
    for (const limit of ['67,108,864', '4,194,304', '65,536', '-32000', '268,435,456']) expect(readme, limit).toContain(limit);
  });
});
