import type { FastifySchemaValidationError } from 'fastify';

/**
 * A refused request's reason in words people read ("Name must not be empty."), instead of the schema validator's
 * ("body/name must NOT have fewer than 1 characters"). The field it is about comes with it, so a form can show the
 * message next to that field.
 */
export interface ValidationMessage {
  message: string;
  /** The body or query field the message is about (top-level name), when there is one. */
  field?: string;
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
  const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ').toLowerCase();
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

/** What is wrong with the value, after "<Field> " (e.g. "must not be empty"). */
function problem(error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'minLength':
      return params.limit === 1 ? 'must not be empty' : `must be at least ${plural(Number(params.limit), 'character')}`;
    case 'maxLength':
      return `must be at most ${plural(Number(params.limit), 'character')}`;
    case 'minimum':
      return `must be at least ${params.limit}`;
    case 'exclusiveMinimum':
      return `must be more than ${params.limit}`;
    case 'maximum':
      return `must be at most ${params.limit}`;
    case 'exclusiveMaximum':
      return `must be less than ${params.limit}`;
    case 'type':
      return `must be ${String(params.type).split(',').map((t) => TYPE_WORDS[t] ?? t).join(' or ')}`;
    case 'enum':
      return `must be one of: ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'const':
      return `must be ${String(params.allowedValue)}`;
    case 'format':
      return `must be ${FORMAT_WORDS[String(params.format)] ?? `in ${String(params.format)} format`}`;
    case 'pattern':
      return 'is not in the expected form';
    case 'minItems':
      return `must have at least ${plural(Number(params.limit), 'item')}`;
    case 'maxItems':
      return `must have at most ${plural(Number(params.limit), 'item')}`;
    case 'maxProperties':
      return `must have at most ${plural(Number(params.limit), 'entry')}`.replace('entrys', 'entries');
    case 'multipleOf':
      return `must be a multiple of ${params.multipleOf}`;
    default:
      return 'is not valid';
  }
}

/** The first refusal of a request's body or query string, worded for people. */
export function validationMessage(errors: FastifySchemaValidationError[], context: string | undefined): ValidationMessage {
  const error = errors[0];
  const where = context === 'querystring' ? 'query' : context === 'params' ? 'address' : 'request';
  if (!error) return { message: `The ${where} is not valid.` };
  const params = error.params as Record<string, unknown>;
  const segments = error.instancePath.split('/').filter(Boolean);

  if (error.keyword === 'required') {
    const missing = String(params.missingProperty);
    const field = segments[0] ?? missing;
    return { message: `${fieldLabel(missing)} is required.`, field };
  }
  if (error.keyword === 'additionalProperties') {
    return { message: `Unknown field "${String(params.additionalProperty)}" in the ${where}.`, field: segments[0] };
  }
  if (segments.length === 0) return { message: `The ${where} ${problem(error)}.` };

  const field = segments[0];
  const last = segments[segments.length - 1];
  // An entry inside a field: answers and content maps are keyed by question number, lists by position from 1.
  const entry = !/^\d+$/.test(last) ? last : QUESTION_MAPS.has(field) ? `question ${last}` : `item ${Number(last) + 1}`;
  const label = segments.length === 1 ? fieldLabel(field) : `${fieldLabel(field)} (${entry})`;
  return { message: `${label} ${problem(error)}.`, field };
}
