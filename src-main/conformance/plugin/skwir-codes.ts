// The error codes a plugin's conformance run sends and expects, in one place. Skwir does not read
// codes: the host's own refusals use SKWIR_REFUSAL with a message naming the fault, and a plugin is
// expected to answer a method it does not have as JSON-RPC says.
import { SKWIR_REFUSAL } from '../../host/plugins/skwir-refusals';
import { ResponseError } from '../../host/wire/errors';

/** What a plugin answers a method it does not have: JSON-RPC's "method not found". */
export const UNKNOWN_METHOD_CODE = -32601;

/** The run's answer to a request of the plugin other than read, as the host refuses it. */
export const refusedAsking = (method: string): ResponseError =>
  new ResponseError(SKWIR_REFUSAL, `unknown method ${JSON.stringify(method.slice(0, 100))}: a plugin may ask the host only read`);

/** Words for a code in a reason: the host's refusal is said as such. */
export const codeWords = (code: number): string => (code === SKWIR_REFUSAL ? '' : ` (${code})`);
