// A module plugin's traffic as the JSON-RPC lines a program would have sent and been sent, for the
// Messages tab (docs/design/skwir.md): each call and how it ended, each read and its answer, each log
// line. Nothing here goes to the component; the lines are only traced. Ids count for the plugin,
// across its workers, as a program's count for its process. A read's bytes stay in the worker,
// which serves it: its answer is traced as far as the Messages tab shows a line, and cut there.
import { TRACE_TEXT_MAX_CHARS } from '../../../../src-shared/limits';
import { cutText } from '../../records/trace';
import { SKWIR_REFUSAL } from '../skwir-refusals';

/** A read's answer is traced whole up to this many characters; a longer one is cut, saying how long it was. */
const READ_ANSWER_CHARS = TRACE_TEXT_MAX_CHARS - 64;
/** The first bytes of a read the worker tells the host: their base64 fills what the trace shows of the answer. */
export const READ_HEAD_BYTES = Math.ceil((READ_ANSWER_CHARS * 3) / 4);

/** A read a component asked for (the worker link's message, traced here). */
export interface ReadAsked {
  file: number;
  /** A u64, as the component gave it: past 2^53 a number would be another offset. */
  offset: bigint;
  length: number;
}

const base64Chars = (bytes: number) => Math.ceil(bytes / 3) * 4;

export type TraceLine = (direction: 'toTool' | 'fromTool', text: string, method?: string) => void;

const rpc = (fields: string): string => `{"jsonrpc":"2.0",${fields}}`;

export class ModuleTrace {
  private callSeq = 0;
  private readSeq = 0;

  constructor(private readonly onTrace: TraceLine | undefined) {}

  /** The id of the next call (one whose files the worker finds are none is never traced: its id goes unused). */
  nextCallId(): number {
    return ++this.callSeq;
  }

  /** A call the component got, its params as JSON text. */
  call(id: number, method: string, paramsText: string): void {
    this.onTrace?.('toTool', rpc(`"id":${id},"method":${JSON.stringify(method)},"params":${paramsText}`), method);
  }

  /** The call's answer, as the component wrote it. */
  answer(id: number, method: string, resultText: string): void {
    this.onTrace?.('fromTool', rpc(`"id":${id},"result":${resultText}`), method);
  }

  /** The call ended in a failure: the component's `err`, or what ended it instead of an answer (a trap, an answer too large). */
  failure(id: number, method: string, message: string): void {
    this.onTrace?.('fromTool', rpc(`"id":${id},"error":${JSON.stringify({ code: SKWIR_REFUSAL, message })}`), method);
  }

  /** A read the component asked for; the id its answer goes with. */
  read(asked: ReadAsked): string {
    const id = JSON.stringify(`read-${++this.readSeq}`);
    // The offset as the component gave it, a u64 written out whole.
    this.onTrace?.('fromTool', rpc(`"id":${id},"method":"read","params":{"file":${asked.file},"offset":${asked.offset},"length":${asked.length}}`), 'read');
    return id;
  }

  /** A read's answer: `bytes` long, of which `head` is the start (all of it when it is as long). */
  readAnswer(id: string, head: Uint8Array, bytes = head.byteLength): void {
    const data = Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString('base64');
    if (bytes === head.byteLength) {
      this.onTrace?.('toTool', rpc(`"id":${id},"result":{"data":"${data}"}`), 'read');
      return;
    }
    const start = rpc(`"id":${id},"result":{"data":"`).slice(0, -1);
    // The whole line is never made: its start, and how many characters it would have had.
    const whole = start.length + base64Chars(bytes) + '"}}'.length;
    this.onTrace?.('toTool', cutText(start + data, READ_ANSWER_CHARS, whole), 'read');
  }

  /** A read refused (or failed), as the host answers a program's: -32000, the message naming the fault. */
  readRefusal(id: string, message: string): void {
    this.onTrace?.('toTool', rpc(`"id":${id},"error":${JSON.stringify({ code: SKWIR_REFUSAL, message })}`), 'read');
  }

  log(level: unknown, message: unknown): void {
    this.onTrace?.('fromTool', rpc(`"method":"log","params":${JSON.stringify({ level, message })}`), 'log');
  }
}
