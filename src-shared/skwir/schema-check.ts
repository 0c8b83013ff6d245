// The Skwir schemas compiled once (lazily) with ajv. Unlike protocol 1's checks, these fill in the
// defaults the schemas give (an answer's missing `kind` becomes "text") as they check: what passes
// is what the host and the window use. Tagged unions (a command's answer, a plan's step) go by
// their tag, so the defaults of the kind named are filled too.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import { problemLines, type Problem } from '../protocol/problem-reasons';
import { schemaFaults } from '../protocol/problem-words';
import { schemaSet } from '../protocol/schema-check';
import manifestSchema from './skwir-manifest.schema.json';
import messagesSchema from './skwir-messages.schema.json';

export const SKWIR_MANIFEST_SCHEMA_ID = 'urn:vitruvian:skwir:1:manifest';
export const SKWIR_MESSAGES_SCHEMA_ID = 'urn:vitruvian:skwir:1:messages';

/** Standard base64 with its padding; checked without a regular expression so 64 MiB stay cheap. */
export function isBase64(text: string): boolean {
  const length = text.length;
  if (length % 4 !== 0) return false;
  let end = length;
  if (end > 0 && text.charCodeAt(end - 1) === 61) end--; // =
  if (end > 0 && text.charCodeAt(end - 1) === 61) end--;
  if (length - end > 0 && length - end > 2) return false;
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i);
    const ok = (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 43 || c === 47;
    if (!ok) return false;
  }
  return true;
}

/** A compiled check for a schema or one of its definitions (`urn:...:messages#/$defs/X`). */
export const skwirValidator: (ref: string) => ValidateFunction = schemaSet(
  (ajv) => {
    ajv.addFormat('base64', { type: 'string', validate: isBase64 });
    ajv.addSchema(manifestSchema);
    ajv.addSchema(messagesSchema);
  },
  { useDefaults: true, discriminator: true },
);

export const skwirDef = (name: string): string => `${SKWIR_MESSAGES_SCHEMA_ID}#/$defs/${name}`;
export const hasSkwirDef = (name: string): boolean => Object.prototype.hasOwnProperty.call(messagesSchema.$defs, name);

/**
 * Problems of `value` against a Skwir schema ref, each `<prefix><path>: <reason>`; empty when it
 * fits, and then `value` has the schema's defaults filled in (it is changed in place).
 */
export function skwirProblems(ref: string, value: unknown, prefix: string, rootName = prefix): string[] {
  return problemLines(skwirFaults(ref, value, prefix, rootName));
}

/** The same problems, each with its reason as data (a manifest's, for the window's languages). */
export function skwirFaults(ref: string, value: unknown, prefix: string, rootName = prefix): Problem[] {
  const validate = skwirValidator(ref);
  return validate(value) ? [] : schemaFaults(validate.errors ?? [], prefix, rootName);
}

/** Whether `schema` is a JSON Schema (draft 2020-12) that compiles; the reason when it is not. */
export function jsonSchemaProblem(schema: unknown): string | undefined {
  const checker = new Ajv2020({ strict: false, allErrors: false });
  if (!checker.validateSchema(schema as object)) {
    const first = checker.errors?.[0];
    return `not a JSON Schema (${first ? `${first.instancePath || 'the top'} ${first.message}` : 'it does not fit the meta-schema'})`;
  }
  try {
    checker.compile(schema as object);
  } catch (error) {
    return `not a JSON Schema that can be used (${error instanceof Error ? error.message : String(error)})`;
  }
  return undefined;
}
