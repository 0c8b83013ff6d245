import { describe, expect, it } from 'vitest';
import { decodeKeepingBytes } from '../host/not-utf8';
import { WireRecord } from './wire-record';

describe('the record of what a tool wrote', () => {
  it('quotes a line that was not UTF-8 with its bytes as \\xNN, and never takes it for a message', () => {
    const record = new WireRecord();
    const latin1 = Buffer.concat([Buffer.from('{"jsonrpc":"2.0","method":"log","params":{"message":"caf'), Buffer.from([0xe9]), Buffer.from('"}}')]);
    record.trace('received', decodeKeepingBytes(latin1));
    record.protocolProblem({ kind: 'notJson', message: 'a line is not UTF-8, so not JSON', answered: -32700 });
    expect(record.lines).toEqual([
      { number: 1, text: '{"jsonrpc":"2.0","method":"log","params":{"message":"caf\\xe9"}}', kind: 'notMessage' },
    ]);
    expect(record.notMessages).toEqual([{ line: record.lines[0], problem: 'not UTF-8, so not JSON' }]);
    expect(record.schemaFaults).toEqual([]);
  });

  it('keeps an answer to a request never sent apart from a late one', () => {
    const record = new WireRecord();
    record.trace('received', '{"jsonrpc":"2.0","id":999,"result":{}}');
    record.protocolProblem({ kind: 'unknownAnswer', message: 'an answer with id 999 matches no request waiting for one; dropped' });
    record.trace('received', '{"jsonrpc":"2.0","id":2,"result":{}}', 'command/run');
    record.protocolProblem({ kind: 'lateAnswer', message: 'a late answer to command/run (id 2) came after its time limit; dropped' });
    expect(record.strayAnswers.map((fault) => [fault.line?.number, fault.problem])).toEqual([[1, 'answers a request the app never sent']]);
    expect(record.lateAnswers.map((fault) => fault.line?.number)).toEqual([2]);
  });
});
