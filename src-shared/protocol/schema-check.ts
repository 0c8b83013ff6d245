// The protocol's schemas compiled once (lazily) with ajv, and checks against any of their $defs.
// Lengths count Unicode code points (ajv's default), as the protocol does.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import envelopeSchema from '../jsonrpc/messages.schema.json';
import manifestSchema from './manifest.schema.json';
import messagesSchema from './messages.schema.json';
import { problemLines, type Problem } from './problem-reasons';
import { schemaFaults } from './problem-words';

export const MANIFEST_SCHEMA_ID = 'urn:vitruvian:protocol:1:manifest';
export const MESSAGES_SCHEMA_ID = 'urn:vitruvian:protocol:1:messages';

/**
 * Checks against a set of schemas, made on first use by `setUp` (both protocols' sets: same ajv
 * options at heart, the `x-reasons` keyword our schemas carry, the JSON-RPC envelope), each ref
 * compiled once.
 */
export function schemaSet(setUp: (ajv: Ajv2020) => void, options: { useDefaults?: boolean; discriminator?: boolean } = {}): (ref: string) => ValidateFunction {
  let ajv: Ajv2020 | undefined;
  const compiled = new Map<string, ValidateFunction>();
  return (ref) => {
    let validate = compiled.get(ref);
    if (!validate) {
      if (!ajv) {
        ajv = new Ajv2020({ allErrors: true, verbose: true, strict: true, strictRequired: false, allowUnionTypes: true, ...options });
        ajv.addKeyword({ keyword: 'x-reasons', schemaType: 'object' });
        // The JSON-RPC envelope both dialects' messages refer to.
        ajv.addSchema(envelopeSchema);
        setUp(ajv);
      }
      validate = ajv.getSchema(ref);
      if (!validate) throw new Error(`no schema ${ref}`);
      compiled.set(ref, validate);
    }
    return validate;
  };
}

/** A compiled check for a schema (`urn:...:manifest`) or one of its definitions (`urn:...:messages#/$defs/X`). */
export const validatorFor = schemaSet((ajv) => {
  ajv.addSchema(manifestSchema);
  ajv.addSchema(messagesSchema);
});

/** Problems of `value` against a schema ref, each `<prefix><path>: <reason>`; empty when it fits. */
export function problemsAgainst(ref: string, value: unknown, prefix: string, rootName = prefix): string[] {
  return problemLines(faultsAgainst(ref, value, prefix, rootName));
}

/** The same problems, each with its reason as data (a manifest's, for the window's languages). */
export function faultsAgainst(ref: string, value: unknown, prefix: string, rootName = prefix): Problem[] {
  const validate = validatorFor(ref);
  return validate(value) ? [] : schemaFaults(validate.errors ?? [], prefix, rootName);
}

export const messagesDef = (name: string): string => `${MESSAGES_SCHEMA_ID}#/$defs/${name}`;
export const hasMessagesDef = (name: string): boolean => Object.prototype.hasOwnProperty.call(messagesSchema.$defs, name);
