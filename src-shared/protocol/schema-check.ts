// The protocol's schemas compiled once (lazily) with ajv, and checks against any of their $defs.
// Lengths count Unicode code points (ajv's default), as the protocol does.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import manifestSchema from './manifest.schema.json';
import messagesSchema from './messages.schema.json';
import { schemaProblems } from './problem-words';

export const MANIFEST_SCHEMA_ID = 'urn:vitruvian:protocol:1:manifest';
export const MESSAGES_SCHEMA_ID = 'urn:vitruvian:protocol:1:messages';

let ajv: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();

function schemas(): Ajv2020 {
  if (!ajv) {
    ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true, strictRequired: false, allowUnionTypes: true });
    ajv.addKeyword({ keyword: 'x-reasons', schemaType: 'object' });
    ajv.addSchema(manifestSchema);
    ajv.addSchema(messagesSchema);
  }
  return ajv;
}

/** A compiled check for a schema (`urn:...:manifest`) or one of its definitions (`urn:...:messages#/$defs/X`). */
export function validatorFor(ref: string): ValidateFunction {
  let validate = compiled.get(ref);
  if (!validate) {
    validate = schemas().getSchema(ref);
    if (!validate) throw new Error(`no schema ${ref}`);
    compiled.set(ref, validate);
  }
  return validate;
}

/** Problems of `value` against a schema ref, each `<prefix><path>: <reason>`; empty when it fits. */
export function problemsAgainst(ref: string, value: unknown, prefix: string, rootName = prefix): string[] {
  const validate = validatorFor(ref);
  return validate(value) ? [] : schemaProblems(validate.errors ?? [], prefix, rootName);
}

export const messagesDef = (name: string): string => `${MESSAGES_SCHEMA_ID}#/$defs/${name}`;
export const hasMessagesDef = (name: string): boolean =>
  Object.prototype.hasOwnProperty.call(messagesSchema.$defs, name);
