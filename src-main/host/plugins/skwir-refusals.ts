// Skwir reads no error codes, and its protocol page says the host's own errors use -32000: so does
// every refusal of ours to a plugin, in either transport (a line that is not JSON or not a message,
// an unknown method, a read's wrong params, a handler that broke), its message naming the fault.
// Protocol 1 keeps JSON-RPC's table (wire/errors.ts).
import { ResponseError, type RefusalCodes } from '../wire/errors';

export const SKWIR_REFUSAL = -32000;

/** The peer's own refusals, for a Skwir plugin. */
export const SKWIR_REFUSALS: RefusalCodes = { notJson: SKWIR_REFUSAL, notMessage: SKWIR_REFUSAL, unknownMethod: SKWIR_REFUSAL, internal: SKWIR_REFUSAL };

/** A refusal of the host's to a plugin: `message` says what was wrong. */
export const skwirRefusal = (message: string): ResponseError => new ResponseError(SKWIR_REFUSAL, message);
