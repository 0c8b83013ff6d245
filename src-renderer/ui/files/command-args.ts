// A command's args form, made from its JSON Schema (the manifest's `args`): one field per property
// of the object, by its type (text, number, whole number, on/off, a choice among `enum` or `oneOf`
// constants, else JSON), required ones marked, defaults filled. What the person typed is turned
// into the args, or into one problem per field the form shows under it; the host then checks the
// args against the whole schema again, and its refusal is shown as the answer.
import { valueText } from '../../words/value-text';

type Schema = Record<string, unknown>;

interface ArgFieldBase {
  name: string;
  /** The property's title, else its description, else (a schema that says neither) its name. */
  label: string;
  /** Said under the field, when it is not its label already. */
  description?: string;
  required: boolean;
}

export type ArgField =
  | (ArgFieldBase & { kind: 'text'; minLength?: number; maxLength?: number })
  | (ArgFieldBase & { kind: 'number' | 'integer'; minimum?: number; maximum?: number })
  | (ArgFieldBase & { kind: 'boolean' })
  | (ArgFieldBase & { kind: 'choice'; options: { value: unknown; label: string }[] })
  | (ArgFieldBase & { kind: 'json' });

/** The form's values as typed: text for most fields, on/off for a boolean, the option's index ('' for none) for a choice. */
export type ArgDraft = Record<string, string | boolean>;

export type ArgProblem =
  | { code: 'required' }
  | { code: 'notANumber' }
  | { code: 'notWhole' }
  | { code: 'atLeast'; limit: number }
  | { code: 'atMost'; limit: number }
  | { code: 'tooShort'; limit: number }
  | { code: 'tooLong'; limit: number }
  | { code: 'notJson' };

export type ArgsReading = { ok: true; args: unknown } | { ok: false; problems: Record<string, ArgProblem> };

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);
const numberOf = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** The schema's type, the first that is not null when it names several. */
function typeOf(schema: Schema): string | undefined {
  const type = schema.type;
  if (Array.isArray(type)) return type.find((t) => t !== 'null') as string | undefined;
  return typeof type === 'string' ? type : undefined;
}

function choicesOf(schema: Schema): { value: unknown; label: string }[] | undefined {
  if (Array.isArray(schema.enum))
    return (schema.enum as unknown[]).map((value) => ({ value, label: typeof value === 'string' ? value : JSON.stringify(value) }));
  const oneOf = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(oneOf) && oneOf.length > 0 && oneOf.every((option) => isSchema(option) && 'const' in option)) {
    return (oneOf as Schema[]).map((option) => ({
      value: option.const,
      label: typeof option.title === 'string' ? option.title : typeof option.const === 'string' ? option.const : JSON.stringify(option.const),
    }));
  }
  return undefined;
}

/** What the args schema says of itself, above the form: its title and description, where it gives them. */
export function argsIntro(schema: Record<string, unknown> | undefined): string | undefined {
  const said = [schema?.title, schema?.description].filter((text): text is string => typeof text === 'string' && text.trim() !== '');
  return said.length > 0 ? said.join(': ') : undefined;
}

/** The fields of the form, in the schema's order; none when the command takes no args or they are not an object's properties. */
export function argFields(schema: Record<string, unknown> | undefined): ArgField[] {
  if (!schema || !isSchema(schema.properties)) return [];
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : []);
  return Object.entries(schema.properties).map(([name, raw]): ArgField => {
    const property = isSchema(raw) ? raw : {};
    const title = typeof property.title === 'string' && property.title.trim() !== '' ? property.title : undefined;
    const description = typeof property.description === 'string' && property.description.trim() !== '' ? property.description : undefined;
    const base: ArgFieldBase = {
      name,
      label: title ?? description ?? name,
      required: required.has(name),
      ...(title && description ? { description } : {}),
    };
    const options = choicesOf(property);
    if (options) return { ...base, kind: 'choice', options };
    const type = typeOf(property);
    if (type === 'string') {
      const minLength = numberOf(property.minLength);
      const maxLength = numberOf(property.maxLength);
      return { ...base, kind: 'text', ...(minLength !== undefined ? { minLength } : {}), ...(maxLength !== undefined ? { maxLength } : {}) };
    }
    if (type === 'number' || type === 'integer') {
      const minimum = numberOf(property.minimum);
      const maximum = numberOf(property.maximum);
      return { ...base, kind: type, ...(minimum !== undefined ? { minimum } : {}), ...(maximum !== undefined ? { maximum } : {}) };
    }
    if (type === 'boolean') return { ...base, kind: 'boolean' };
    return { ...base, kind: 'json' };
  });
}

/** The form as it opens: each field's default from the schema, when it gives one. */
export function initialDraft(schema: Record<string, unknown> | undefined, fields: ArgField[]): ArgDraft {
  const properties = isSchema(schema?.properties) ? schema.properties : {};
  const draft: ArgDraft = {};
  for (const field of fields) {
    const property = properties[field.name];
    const given = isSchema(property) && 'default' in property ? property.default : undefined;
    switch (field.kind) {
      case 'boolean':
        draft[field.name] = given === true;
        break;
      case 'choice': {
        const index = field.options.findIndex((option) => JSON.stringify(option.value) === JSON.stringify(given));
        // A required choice without a default starts on its first option: there is no "none" to pick.
        draft[field.name] = index >= 0 ? String(index) : field.required ? '0' : '';
        break;
      }
      case 'json':
        draft[field.name] = given === undefined ? '' : JSON.stringify(given);
        break;
      default:
        draft[field.name] = valueText(given);
    }
  }
  return draft;
}

function readField(field: ArgField, typed: string | boolean | undefined): { value?: unknown; problem?: ArgProblem } {
  if (field.kind === 'boolean') return { value: typed === true };
  const text = typeof typed === 'string' ? typed : '';
  if (text.trim() === '' && field.kind !== 'text') return field.required ? { problem: { code: 'required' } } : {};
  switch (field.kind) {
    case 'text':
      if (text === '') return field.required ? { problem: { code: 'required' } } : {};
      if (field.minLength !== undefined && [...text].length < field.minLength) return { problem: { code: 'tooShort', limit: field.minLength } };
      if (field.maxLength !== undefined && [...text].length > field.maxLength) return { problem: { code: 'tooLong', limit: field.maxLength } };
      return { value: text };
    case 'number':
    case 'integer': {
      const number = Number(text.trim().replace(',', '.'));
      if (!Number.isFinite(number)) return { problem: { code: 'notANumber' } };
      if (field.kind === 'integer' && !Number.isInteger(number)) return { problem: { code: 'notWhole' } };
      if (field.minimum !== undefined && number < field.minimum) return { problem: { code: 'atLeast', limit: field.minimum } };
      if (field.maximum !== undefined && number > field.maximum) return { problem: { code: 'atMost', limit: field.maximum } };
      return { value: number };
    }
    case 'choice': {
      const option = field.options[Number(text)];
      return option ? { value: option.value } : field.required ? { problem: { code: 'required' } } : {};
    }
    case 'json':
      try {
        return { value: JSON.parse(text) };
      } catch {
        return { problem: { code: 'notJson' } };
      }
  }
}

/**
 * The args to send: an object of the fields filled (for a schema of an object), nothing at all for
 * a command without an args schema, or the problems found, by field name.
 */
export function argsFromDraft(schema: Record<string, unknown> | undefined, fields: ArgField[], draft: ArgDraft): ArgsReading {
  if (!schema) return { ok: true, args: undefined };
  const args: Record<string, unknown> = {};
  const problems: Record<string, ArgProblem> = {};
  for (const field of fields) {
    const read = readField(field, draft[field.name]);
    if (read.problem) problems[field.name] = read.problem;
    else if ('value' in read) args[field.name] = read.value;
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, args };
}
