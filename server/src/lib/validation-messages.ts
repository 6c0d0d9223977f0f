import type { FastifySchemaValidationError } from 'fastify';
import type { ErrorCode, ErrorParams } from '@kelasku/shared-rules';

/**
 * A refused request's reason in words people read ("Name must not be empty."), instead of the schema validator's
 * ("body/name must NOT have fewer than 1 characters"). The field it is about comes with it, so a form can show the
 * message next to that field.
 */
export interface ValidationMessage {
  message: string;
  /** The body or query field the message is about (top-level name), when there is one. */
  field?: string;
  /** The reason's stable code (`validation-…`, shared-rules ERROR_CODES) and the values its message holds. */
  code: ErrorCode;
  params: ErrorParams;
}

/** Field names that do not read well when just spelled out. */
const FIELD_NAMES: Record<string, string> = {
  nis: 'NIS',
  nip: 'NIP',
  id: 'Id',
  old_password: 'Current password',
  new_password: 'New password',
  start_time: 'Start time',
  end_time: 'End time',
  pageSize: 'Page size',
  dry_run: 'Dry run',
};

function fieldLabel(name: string): string {
  if (FIELD_NAMES[name]) return FIELD_NAMES[name];
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

const FORMAT_WORDS: Record<string, string> = {
  email: 'a valid email address',
  'date-time': 'a date and time',
  date: 'a date',
  uri: 'a web address',
};

/** Body fields that map question numbers to values. */
const QUESTION_MAPS = new Set(['answers', 'content', 'changes']);

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

interface Problem {
  /** What is wrong with the value, after "<Field> " (e.g. "must not be empty"). */
  text: string;
  code: ErrorCode;
  params?: ErrorParams;
}

function problem(error: FastifySchemaValidationError): Problem {
  const params = error.params;
  const limit = Number(params.limit);
  switch (error.keyword) {
    case 'minLength':
      return limit === 1
        ? { text: 'must not be empty', code: 'validation-empty' }
        : { text: `must be at least ${plural(limit, 'character')}`, code: 'validation-too-short', params: { limit } };
    case 'maxLength':
      return { text: `must be at most ${plural(limit, 'character')}`, code: 'validation-too-long', params: { limit } };
    case 'minimum':
      return { text: `must be at least ${limit}`, code: 'validation-minimum', params: { limit } };
    case 'exclusiveMinimum':
      return { text: `must be more than ${limit}`, code: 'validation-exclusive-minimum', params: { limit } };
    case 'maximum':
      return { text: `must be at most ${limit}`, code: 'validation-maximum', params: { limit } };
    case 'exclusiveMaximum':
      return { text: `must be less than ${limit}`, code: 'validation-exclusive-maximum', params: { limit } };
    case 'type': {
      // the JSON Schema type names, comma-separated ("string,null")
      const type = String(params.type);
      return {
        text: `must be ${type
          .split(',')
          .map((t) => TYPE_WORDS[t] ?? t)
          .join(' or ')}`,
        code: 'validation-type',
        params: { type },
      };
    }
    case 'enum': {
      const values = (params.allowedValues as unknown[]).map(String).join(', ');
      return { text: `must be one of: ${values}`, code: 'validation-enum', params: { values } };
    }
    case 'const':
      return {
        text: `must be ${String(params.allowedValue)}`,
        code: 'validation-const',
        params: { value: String(params.allowedValue) },
      };
    case 'format': {
      const format = String(params.format);
      return {
        text: `must be ${FORMAT_WORDS[format] ?? `in ${format} format`}`,
        code: 'validation-format',
        params: { format },
      };
    }
    case 'pattern':
      return { text: 'is not in the expected form', code: 'validation-pattern' };
    case 'minItems':
      return {
        text: `must have at least ${plural(limit, 'item')}`,
        code: 'validation-too-few-items',
        params: { limit },
      };
    case 'maxItems':
      return {
        text: `must have at most ${plural(limit, 'item')}`,
        code: 'validation-too-many-items',
        params: { limit },
      };
    case 'maxProperties':
      return {
        text: `must have at most ${plural(limit, 'entry')}`.replace('entrys', 'entries'),
        code: 'validation-too-many-entries',
        params: { limit },
      };
    case 'multipleOf': {
      const multipleOf = Number(params.multipleOf);
      return { text: `must be a multiple of ${multipleOf}`, code: 'validation-multiple-of', params: { multipleOf } };
    }
    default:
      return { text: 'is not valid', code: 'validation-invalid' };
  }
}

/** The first refusal of a request's body or query string, worded for people. */
export function validationMessage(
  errors: FastifySchemaValidationError[],
  context: string | undefined,
): ValidationMessage {
  const error = errors[0];
  const where = context === 'querystring' ? 'query' : context === 'params' ? 'address' : 'request';
  if (!error) return { message: `The ${where} is not valid.`, code: 'validation-invalid', params: { where } };
  const params = error.params;
  const segments = error.instancePath.split('/').filter(Boolean);

  if (error.keyword === 'required') {
    const missing = String(params.missingProperty);
    const field = segments[0] ?? missing;
    return {
      message: `${fieldLabel(missing)} is required.`,
      field,
      code: 'validation-required',
      params: { field: missing },
    };
  }
  if (error.keyword === 'additionalProperties') {
    const name = String(params.additionalProperty);
    return {
      message: `Unknown field "${name}" in the ${where}.`,
      field: segments[0],
      code: 'validation-unknown-field',
      params: { name, where },
    };
  }
  const found = problem(error);
  if (segments.length === 0)
    return { message: `The ${where} ${found.text}.`, code: found.code, params: { ...found.params, where } };

  const field = segments[0];
  const last = segments[segments.length - 1];
  // An entry inside a field: answers and content maps are keyed by question number, lists by position from 1.
  const isIndex = /^\d+$/.test(last);
  const entry = !isIndex ? last : QUESTION_MAPS.has(field) ? `question ${last}` : `item ${Number(last) + 1}`;
  const label = segments.length === 1 ? fieldLabel(field) : `${fieldLabel(field)} (${entry})`;
  // The entry for a translated label: a question number, a list position from 1, or a key inside the field.
  const entryParams: ErrorParams =
    segments.length === 1
      ? {}
      : !isIndex
        ? { key: last }
        : QUESTION_MAPS.has(field)
          ? { question: Number(last) }
          : { item: Number(last) + 1 };
  return {
    message: `${label} ${found.text}.`,
    field,
    code: found.code,
    params: { field, ...entryParams, ...found.params },
  };
}
