// Holds the JSON-RPC envelope as one definition: both dialects' message schemas refer to it and
// define no envelope of their own, the generated types are fresh and name the envelope's types,
// and a message either dialect refuses for its envelope is refused with the same words by both.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateJsonRpcTypes } from '../../scripts/protocol-types';
import { messageProblems } from '../protocol/check-message';
import protocolMessages from '../protocol/messages.schema.json';
import { skwirDef, skwirProblems } from '../skwir/schema-check';
import skwirMessages from '../skwir/skwir-messages.schema.json';
import envelope from './messages.schema.json';

const read = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
const kinds = ['RequestMessage', 'NoticeMessage', 'ResultMessage', 'FailureMessage'] as const;
const dialects = { 'protocol 1': protocolMessages, Skwir: skwirMessages };

describe('the JSON-RPC envelope', () => {
  it('types.ts is what the schema generates now (run npm run gen:types after changing a schema)', async () => {
    expect(read('./types.ts')).toBe(await generateJsonRpcTypes());
  }, 60_000);

  it.each(Object.entries(dialects))("is the one %s's messages refer to, with no envelope of their own", (_name, schema) => {
    const defs = schema.$defs as Record<string, { allOf?: unknown[] }>;
    for (const kind of kinds) expect(defs[kind]!.allOf![0], kind).toEqual({ $ref: `${envelope.$id}#/$defs/${kind}` });
    // The envelope's fields are written in one place only.
    expect(JSON.stringify(schema)).not.toContain('"jsonrpc"');
    expect(defs.MessageId).toBeUndefined();
    expect(Object.keys(envelope.$defs)).toEqual(['MessageId', ...kinds, 'Failure']);
  });

  it("is named by the dialects' generated types instead of copied", () => {
    for (const file of ['../protocol/types.ts', '../skwir/types.ts']) {
      const types = read(file);
      expect(types, file).toContain("import type * as JsonRpc from '../jsonrpc/types';");
      expect(types, file).toContain('export type RequestMessage = JsonRpc.RequestMessage');
      expect(types, file).not.toContain("jsonrpc: '2.0'");
    }
  });

  it('refuses the same envelope faults in the same words in both dialects', () => {
    const faults: [unknown, string[]][] = [
      [{ jsonrpc: '1.0', id: 1, method: 'no/such' }, ['jsonrpc: "1.0" is not "2.0"']],
      [{ jsonrpc: '2.0', id: 1.5, method: 'no/such' }, ['id: 1.5 is a number, expected a whole number or text']],
      [{ jsonrpc: '2.0', id: 1, error: { code: 'bad', message: 'm' } }, ['error.code: "bad" is text, expected a whole number']],
      [{ jsonrpc: '2.0', method: '' }, ['method: empty']],
    ];
    for (const [message, problems] of faults) {
      const kind = 'error' in (message as object) ? 'FailureMessage' : 'id' in (message as object) ? 'RequestMessage' : 'NoticeMessage';
      expect(messageProblems(message), JSON.stringify(message)).toEqual(problems);
      expect(skwirProblems(skwirDef(kind), structuredClone(message), '', 'message'), JSON.stringify(message)).toEqual(problems);
    }
  });
});
