// Args for a command the conformance run asks: from the command's JSON Schema, the least that fits
// (each required property given its default, first option or a plain value of its type); the
// schema's defaults fill the rest when the args are checked.
type Schema = Record<string, unknown>;

function valueOf(schema: Schema | undefined): unknown {
  if (!schema) return null;
  if ('default' in schema) return schema.default;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const type: unknown = Array.isArray(schema.type) ? (schema.type as unknown[])[0] : schema.type;
  switch (type) {
    case 'string':
      return 'sample';
    case 'integer':
      return typeof schema.minimum === 'number' ? Math.ceil(schema.minimum) : 1;
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return argsFor(schema);
    default:
      return null;
  }
}

/** The args to ask a command with: null when it takes none. */
export function argsFor(schema: Schema | undefined): unknown {
  if (!schema) return null;
  if (schema.type !== 'object') return valueOf(schema);
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = Array.isArray(schema.required) ? (schema.required as string[]) : [];
  return Object.fromEntries(required.map((name) => [name, valueOf(properties[name])]));
}
