// A message sent by hand (HostApi.sendMessage, `run --send`, the Messages tab's composer): its shape,
// read from what a person typed (a message object or a whole JSON-RPC message), and judged against
// the protocol's schema and what the tool or plugin declares. The host judges it again before it
// goes, unless it is sent anyway; problems name the field and the value.
import type { HandMessage } from './host-api';
import { deeperThan } from './json-depth';
import { VALUE_MAX_DEPTH } from './limits';
import { paramsProblems } from './protocol/check-message';
import { methodInfo } from './protocol/methods';
import { quote } from './protocol/problem-words';
import { askProblems, type Declarations } from './skwir/asking';
import { mimeOf } from './skwir/file-types';
import { isCallMethod, skwirMethodInfo, skwirTypeName } from './skwir/methods';
import { hasSkwirDef, skwirDef, skwirProblems } from './skwir/schema-check';

/** What a message is judged against: the dialect, and what the entry declares. */
export type HandTarget = { dialect: 'protocol1'; commands: readonly string[] } | { dialect: 'skwir'; declarations: Declarations };

/** A method's name is at most this long (the protocols' are a few dozen characters). */
export const HAND_METHOD_MAX = 200;
/** Most files one message may name. */
export const HAND_FILES_MAX = 1_000;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What the protocol says a method is, when it knows it: who sends it, a request or a notice. */
function known(dialect: HandTarget['dialect'], method: string): { fromHost: boolean; kind: 'request' | 'notice' } | undefined {
  if (dialect === 'protocol1') {
    const info = methodInfo(method);
    return info && { fromHost: info.sender === 'app', kind: info.kind };
  }
  const info = skwirMethodInfo(method);
  return info && { fromHost: info.sender === 'host', kind: info.kind };
}

/** A request or a notice: as the message says, else as the protocol says of its method, else a request. */
export function handKind(dialect: HandTarget['dialect'], message: HandMessage): 'request' | 'notice' {
  return message.kind ?? known(dialect, message.method)?.kind ?? 'request';
}

/** Why a value is no HandMessage (the HostApi's argument), or undefined when it is one. */
export function handShapeProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'message: expected an object with a method';
  for (const key of Object.keys(value)) {
    if (!['method', 'params', 'files', 'kind'].includes(key)) return `message.${key}: not a field of a message sent by hand (method, params, files, kind)`;
  }
  const { method, params, files, kind } = value;
  if (typeof method !== 'string' || method === '') return `message.method: expected the method's name, got ${quote(method)}`;
  if (method.length > HAND_METHOD_MAX) return `message.method: ${method.length} characters, at most ${HAND_METHOD_MAX}`;
  if (params !== undefined && (typeof params !== 'object' || params === null)) {
    return `message.params: JSON-RPC params are an object or a list, got ${quote(params)}`;
  }
  const deep = params === undefined ? undefined : deeperThan(params, VALUE_MAX_DEPTH, 'message.params');
  if (deep) return `${deep}: nested more than ${VALUE_MAX_DEPTH} levels deep`;
  if (files !== undefined) {
    if (!Array.isArray(files) || files.some((file) => typeof file !== 'string' || file === '')) return 'message.files: expected a list of paths';
    if (files.length > HAND_FILES_MAX) return `message.files: ${files.length} paths, at most ${HAND_FILES_MAX}`;
  }
  if (kind !== undefined && kind !== 'request' && kind !== 'notice') return `message.kind: expected "request" or "notice", got ${quote(kind)}`;
  return undefined;
}

/**
 * What a person typed, as a HandMessage: a message object ({"method", "params", "files"}) or a whole
 * JSON-RPC message, whose id (any) makes it a request and whose absence a notice. The host writes
 * the envelope itself, so a request's own id is replaced by the host's, under which its answer comes back.
 */
export function readHandMessage(value: unknown): { ok: true; message: HandMessage } | { ok: false; problem: string } {
  if (!isObject(value))
    return { ok: false, problem: `expected a JSON object such as {"method":"command/run","params":{"command":"copy"}}, got ${quote(value)}` };
  let message: Record<string, unknown> = value;
  if ('jsonrpc' in value) {
    const { jsonrpc, id, ...rest } = value;
    if (jsonrpc !== '2.0') return { ok: false, problem: `jsonrpc: expected "2.0", got ${quote(jsonrpc)}` };
    if ('kind' in rest || 'files' in rest)
      return { ok: false, problem: 'a whole JSON-RPC message has no kind or files: its id makes it a request; give files in a message object' };
    message = { ...rest, kind: id === undefined ? 'notice' : 'request' };
  } else if ('id' in value) {
    return { ok: false, problem: 'id: the host numbers the requests it sends; leave id out, or write the whole message with "jsonrpc":"2.0"' };
  }
  const problem = handShapeProblem(message);
  if (problem) return { ok: false, problem: problem.replace(/^message\./, '') };
  return { ok: true, message: message as unknown as HandMessage };
}

const baseName = (path: string): string => path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);

/**
 * Where the message does not fit the protocol, or what the entry declares; empty when it fits. A
 * method the protocol does not know fits (the program should answer it -32601): there is no schema
 * to hold it to.
 */
export function handMessageProblems(target: HandTarget, message: HandMessage): string[] {
  const { method } = message;
  const info = known(target.dialect, method);
  const noun = target.dialect === 'protocol1' ? 'tool' : 'plugin';
  if (info && !info.fromHost) return [`method: ${method} is sent by the ${noun}, never by the app`];
  const kind = handKind(target.dialect, message);
  if (info && kind !== info.kind) {
    return [`kind: ${method} is a ${info.kind}${info.kind === 'request' ? ', answered' : ', never answered'}; sent as a ${kind}, it breaks the protocol`];
  }
  if (target.dialect === 'protocol1') {
    if (message.files !== undefined) return ['files: a tool is never given files; protocol 1 messages name none'];
    if (!info) return [];
    const problems = paramsProblems(method, message.params);
    const command = isObject(message.params) ? message.params.command : undefined;
    if (method === 'command/run' && problems.length === 0 && !target.commands.includes(command as string)) {
      const declared = target.commands.map((id) => `"${id}"`).join(', ') || 'none';
      problems.push(`params.command: ${quote(command)} is not a command of the tool (it declares ${declared})`);
    }
    return problems;
  }
  return skwirProblemsOf(target.declarations, message);
}

function skwirProblemsOf(declarations: Declarations, message: HandMessage): string[] {
  const { method } = message;
  // A copy: judging fills the schema's defaults in, and the message goes as the person wrote it.
  const params: unknown = message.params === undefined ? {} : JSON.parse(JSON.stringify(message.params));
  if (!isCallMethod(method)) {
    if (message.files !== undefined && message.files.length > 0 && skwirMethodInfo(method)) return [`files: ${method} names no files`];
    const def = `${skwirTypeName(method)}Params`;
    return skwirMethodInfo(method) && hasSkwirDef(def) ? skwirProblems(skwirDef(def), params, 'params') : [];
  }
  if (!isObject(params)) return [`params: a call's params are an object, got a list`];
  const where = skwirMethodInfo(method)!.files === 'entries' ? 'entries' : 'file';
  if (where in params) return [`params.${where}: the host writes a call's files from the message's files, with their handles; give the paths there`];
  const files = (message.files ?? []).map((path) => {
    const name = baseName(path);
    const mime = mimeOf(name);
    return { name, ...(mime ? { mime } : {}) };
  });
  return askProblems(declarations, method, params, files);
}
