// Does a message, or one method's params or result, fit messages.schema.json? Problems are
// `<field path>: <reason naming the value>`; an empty list means it fits. The schema carries every
// rule, the URL scheme of open/url too, so a -32602 answer follows from these problems.
import { methodInfo, methodTypeName } from './methods';
import { quote, kindOf } from './problem-words';
import { hasMessagesDef, messagesDef, problemsAgainst } from './schema-check';

/** Each method's params definition, named once (every service request asks). */
const paramsRefs = new Map<string, string>();

/** Problems of a method's params; `params` undefined means the message left them out. */
export function paramsProblems(method: string, params: unknown): string[] {
  if (!methodInfo(method)) return [`method: unknown method ${quote(method)}`];
  let ref = paramsRefs.get(method);
  if (ref === undefined) paramsRefs.set(method, (ref = messagesDef(`${methodTypeName(method)}Params`)));
  if (params === undefined) return problemsAgainst(ref, {}, 'params').length > 0 ? ['params: missing'] : [];
  return problemsAgainst(ref, params, 'params');
}

/** Problems of the result answering a request of `method`. */
export function resultProblems(method: string, result: unknown): string[] {
  const info = methodInfo(method);
  if (!info) return [`method: unknown method ${quote(method)}`];
  if (info.kind === 'notice' || !hasMessagesDef(`${methodTypeName(method)}Result`)) {
    return [`result: ${method} is a notice, it is never answered`];
  }
  if (result === undefined) return ['result: missing'];
  return problemsAgainst(messagesDef(`${methodTypeName(method)}Result`), result, 'result');
}

export type MessageKind = 'request' | 'notice' | 'result' | 'failure';

/** Which of the four kinds a JSON value claims to be, from its fields; undefined when none. */
export function messageKind(value: unknown): MessageKind | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  if ('method' in value) return 'id' in value ? 'request' : 'notice';
  if ('result' in value) return 'result';
  if ('error' in value) return 'failure';
  return undefined;
}

const defByKind: Record<MessageKind, string> = {
  request: 'RequestMessage',
  notice: 'NoticeMessage',
  result: 'ResultMessage',
  failure: 'FailureMessage',
};

/**
 * Problems of one whole message (a parsed line). A request or notice of a known method has its
 * params checked too; an unknown method is no problem here (it is answered -32601 or ignored).
 * A result's own fields are checked by resultProblems, since a result does not name its method.
 */
export function messageProblems(value: unknown): string[] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return [`message: ${kindOf(value)}, expected an object`];
  }
  const kind = messageKind(value);
  if (!kind) return ['message: not a request, notice, result or failure (it has no method, result or error)'];
  return problemsAgainst(messagesDef(defByKind[kind]), value, '', 'message');
}
