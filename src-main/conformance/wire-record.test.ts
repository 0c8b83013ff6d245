import { describe, expect, it } from 'vitest';
import { decodeKeepingBytes } from '../host/wire/not-utf8';
import { WireRecord } from './wire-record';

describe('the record of what a tool wrote', () => {
  it('quotes a line that was not UTF-8 with its bytes as \\xNN, and never takes it for a message', () => {
    const record = new WireRecord();
    const latin1 = Buffer.concat([Buffer.from('{"jsonrpc":"2.0","method":"log","params":{"message":"caf'), Buffer.from([0xe9]), Buffer.from('"}}')]);
    record.trace('received', decodeKeepingBytes(latin1));
    record.protocolProblem({ kind: 'notJson', message: 'a line is not UTF-8, so not JSON', answered: -32700 });
    expect(record.lines).toEqual([{ number: 1, text: '{"jsonrpc":"2.0","method":"log","params":{"message":"caf\\xe9"}}', kind: 'notMessage' }]);
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

  it('names a second answer to a request, and the line that answered it first', () => {
    const record = new WireRecord();
    record.trace('received', '{"jsonrpc":"2.0","id":2,"result":{}}', 'command/run');
    record.trace('received', '{"jsonrpc":"2.0","method":"log","params":{"message":"x"}}', 'log');
    record.trace('received', '{"jsonrpc":"2.0","id":2,"result":{}}', 'command/run');
    record.protocolProblem({ kind: 'answeredTwice', message: 'answered twice' });
    expect(record.twiceAnswered.map((fault) => [fault.line?.number, fault.problem])).toEqual([
      [3, 'answered twice: command/run (id 2) was answered first by line 1'],
    ]);
    expect(record.strayAnswers).toEqual([]);
  });

  it('counts the lines written with \\r\\n and keeps the first', () => {
    const record = new WireRecord();
    record.trace('received', '{"jsonrpc":"2.0","method":"log","params":{"message":"a"}}');
    record.trace('received', '{"jsonrpc":"2.0","method":"log","params":{"message":"b"}}\r');
    record.trace('received', '{"jsonrpc":"2.0","method":"log","params":{"message":"c"}}\r');
    expect(record.crLines).toEqual({ count: 2, first: record.lines[1] });
  });
});
