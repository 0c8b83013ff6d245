// Holds the protocol's files together: schemas, generated types, methods.json, examples, limits,
// error codes and the README. A change to one that the others do not follow fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { generateProtocolTypes } from '../../scripts/protocol-types';
import { ErrorCodes } from '../error-codes';
import { LANGUAGE_TAG_PATTERN } from '../language-tag';
import * as limits from '../limits';
import { manifestProblems } from '../manifest/check-manifest';
import { messageProblems, paramsProblems, resultProblems } from './check-message';
import manifestExamples from './examples/manifests.json';
import messageExamples from './examples/messages.json';
import manifestSchema from './manifest.schema.json';
import messagesSchema from './messages.schema.json';
import { methodInfo, methods, methodTypeName, type MethodInfo } from './methods';
import type { Manifest, PreferenceKind, ServiceName, StartMode, Surface } from './types';

const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
const defs = messagesSchema.$defs as Record<string, Record<string, unknown>>;
const mdefs = manifestSchema.$defs as Record<string, Record<string, unknown>>;

describe('types.ts', () => {
  it('is what the schemas generate now (run npm run gen:types after changing a schema)', async () => {
    expect(read('./types.ts')).toBe(await generateProtocolTypes());
  }, 60_000);

  it('gives the enums of the manifest schema as unions', () => {
    expectTypeOf<ServiceName>().toEqualTypeOf<'notify' | 'open' | 'clipboard.read' | 'clipboard.write' | 'keystrokes' | 'processes' | 'storage'>();
    expectTypeOf<Surface>().toEqualTypeOf<'window' | 'menubar'>();
    expectTypeOf<PreferenceKind>().toEqualTypeOf<'text' | 'secret' | 'boolean' | 'number' | 'choice'>();
    expectTypeOf<StartMode>().toEqualTypeOf<'launch' | 'demand'>();
    expect(mdefs.ServiceName!.enum).toHaveLength(7);
  });

  it('exports a params type for every method and a result type for every request', () => {
    const types = read('./types.ts');
    for (const { method, kind } of methods) {
      expect(types, method).toContain(`export interface ${methodTypeName(method)}Params `);
      if (kind === 'request') expect(types, method).toContain(`export interface ${methodTypeName(method)}Result `);
    }
  });
});

describe('methods.json', () => {
  it('lists the 17 messages once each, with who sends them and a known uses entry', () => {
    expect(methods).toHaveLength(17);
    expect(new Set(methods.map((m) => m.method)).size).toBe(17);
    for (const info of methods) {
      expect(['app', 'tool']).toContain(info.sender);
      expect(['request', 'notice']).toContain(info.kind);
      if (info.uses !== undefined) {
        expect(mdefs.ServiceName!.enum).toContain(info.uses);
        expect(info).toMatchObject({ sender: 'tool', kind: 'request' });
      }
    }
    // Every service is reachable by some message, and every tool request needs one.
    expect(new Set(methods.map((m) => m.uses).filter(Boolean))).toEqual(new Set(mdefs.ServiceName!.enum as string[]));
    for (const info of methods.filter((m) => m.sender === 'tool' && m.kind === 'request')) expect(info.uses).toBeDefined();
    expect(methodInfo('storage/set')).toEqual<MethodInfo>({ method: 'storage/set', sender: 'tool', kind: 'request', uses: 'storage' });
    expect(methodInfo('nope')).toBeUndefined();
  });

  it('matches the schema: params for every method, results for requests only, and the method dispatch', () => {
    for (const { method, kind } of methods) {
      const name = methodTypeName(method);
      expect(defs[`${name}Params`], method).toBeDefined();
      expect(defs[`${name}Result`] !== undefined, method).toBe(kind === 'request');
    }
    const names = Object.keys(defs)
      .filter((n) => /(Params|Result)$/.test(n))
      .map((n) => n.replace(/(Params|Result)$/, ''));
    expect(new Set(names)).toEqual(new Set(methods.map((m) => methodTypeName(m.method))));
    for (const [kind, def] of [
      ['request', 'RequestMessage'],
      ['notice', 'NoticeMessage'],
    ] as const) {
      const branches = (defs[def]!.allOf as { if?: { properties: { method: { const: string } } }; then?: Record<string, unknown> }[]).filter((b) => b.if);
      expect(branches.map((b) => b.if!.properties.method.const)).toEqual(methods.filter((m) => m.kind === kind).map((m) => m.method));
      for (const branch of branches) {
        const name = `${methodTypeName(branch.if!.properties.method.const)}Params`;
        expect(branch.then).toEqual({
          properties: { params: { $ref: `#/$defs/${name}` } },
          ...(defs[name]!.required ? { required: ['params'] } : {}),
        });
      }
    }
  });
});

describe('examples', () => {
  it.each(messageExamples.messages.map((e) => [e.about, e] as const))('message: %s', (_about, example) => {
    expect(messageProblems(example.message)).toEqual(example.problems);
    const message = example.message as Record<string, unknown>;
    // A request's or notice's params judged alone give the same problems.
    if (!Array.isArray(message) && typeof message.method === 'string' && methodInfo(message.method)) {
      const own = example.problems.filter((p) => p.startsWith('params'));
      expect(paramsProblems(message.method, message.params)).toEqual(own);
    }
  });

  it.each(messageExamples.results.map((e, i) => [`${e.answers} #${i}`, e] as const))('result of %s', (_name, example) => {
    expect(resultProblems(example.answers, example.result)).toEqual(example.problems);
  });

  it.each(manifestExamples.manifests.map((e) => [e.about, e] as const))('manifest: %s', (_about, example) => {
    expect(manifestProblems(example.manifest).map((problem) => problem.text)).toEqual(example.problems);
  });

  it('give every method a valid message, and every request a valid result', () => {
    const valid = messageExamples.messages.filter((e) => e.problems.length === 0).map((e) => (e.message as { method?: string }).method);
    const results = messageExamples.results.filter((e) => e.problems.length === 0).map((e) => e.answers);
    for (const { method, kind } of methods) {
      expect(valid, method).toContain(method);
      if (kind === 'request') expect(results, method).toContain(method);
    }
  });

  it('cross every kind, service and surface of the manifest schema', () => {
    const valid = manifestExamples.manifests.filter((e) => e.problems.length === 0).map((e) => e.manifest as Manifest);
    const crossed = new Set<string | undefined>(
      valid.flatMap((m) => [
        ...(m.uses ?? []),
        ...(m.commands ?? []).flatMap((c) => c.surfaces ?? []),
        ...(m.preferences ?? []).map((p) => p.kind),
        m.runtime.start,
      ]),
    );
    for (const name of ['ServiceName', 'Surface', 'PreferenceKind', 'StartMode']) {
      for (const value of mdefs[name]!.enum as string[]) expect(crossed.has(value), `${name} ${value}`).toBe(true);
    }
  });
});

describe('limits, codes and the README agree with the schemas', () => {
  const props = manifestSchema.properties as Record<string, Record<string, unknown>>;
  it('has the limits of limits.ts in the schemas', () => {
    expect(props.id!.maxLength).toBe(limits.TOOL_ID_MAX_CHARS);
    expect(props.commands!.maxItems).toBe(limits.MAX_COMMANDS);
    expect(props.preferences!.maxItems).toBe(limits.MAX_PREFERENCES);
    expect(mdefs.PreferenceTitleText!.maxLength).toBe(limits.PREFERENCE_TITLE_MAX_CHARS);
    const value = (defs.StorageSetParams!.properties as Record<string, Record<string, unknown>>).value!;
    expect(value.maxLength).toBe(limits.STORAGE_TEXT_MAX_CHARS);
    expect(limits).toMatchObject({ MANIFEST_MAX_BYTES: 65_536, LINE_MAX_BYTES: 1_048_576, SPOKEN_PROTOCOLS: [1] });
    expect(manifestSchema.description).toContain('65,536 bytes');
  });

  it("writes the language tag's pattern as language-tag.ts does, wherever the schemas take one", () => {
    const patterns = [...JSON.stringify([manifestSchema, messagesSchema]).matchAll(/"pattern":"(\^\[A-Za-z\][^"]*)"/g)].map(
      (m) => JSON.parse(`"${m[1]}"`) as string,
    );
    expect(patterns.length).toBeGreaterThanOrEqual(3);
    for (const pattern of patterns) expect(pattern).toBe(LANGUAGE_TAG_PATTERN);
  });

  it('lists in ErrorCode exactly the codes of error-codes.ts', () => {
    const codes = defs.ErrorCode!.anyOf as { const: number; description: string }[];
    expect(codes.map((c) => c.const).sort()).toEqual(Object.values(ErrorCodes).sort());
    for (const [name, code] of Object.entries(ErrorCodes)) {
      expect(codes.find((c) => c.const === code)!.description).toMatch(new RegExp(`^${name}: `));
    }
  });

  it('names every message, refusal code and limit in README.md', () => {
    const readme = read('./README.md');
    for (const { method } of methods) expect(readme, method).toContain(`\`${method}\``);
    for (const code of Object.values(ErrorCodes)) expect(readme, String(code)).toContain(String(code));
    for (const service of mdefs.ServiceName!.enum as string[]) expect(readme, service).toContain(`\`${service}\``);
    for (const limit of ['65,536', '1,048,576', '4,096', '32', '16', '60', '128']) expect(readme, limit).toContain(limit);
  });
});
