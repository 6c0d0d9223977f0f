/**
 * Per-question changes of an answer sheet (`{ "3": { answer: "b", at: <ms since the epoch, device clock> } }`;
 * answer '' clears it): one rule for both ways they arrive. A save's body (answer-sheets/sheet-routes.ts) is checked
 * by Fastify as it checks every body: the errors plugin's text check, then the body schema, which holds this one.
 * Sealed answers (routes/sealed-answers) arrive encrypted and are checked after opening by validChanges below, with
 * this schema compiled by the request's own validator (the same ajv with the same options, so an `at` sent as a
 * string is coerced alike). Then, on both, each answer within MAX_ANSWER_BYTES (sheet-bounds.ts); the item's question
 * count and the merged sheet's size are the save statement's.
 */
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ContentError, MAX_QUESTIONS } from '../domain/content';
import { requireAnswerSizes } from '../domain/sheet-bounds';
import { containsInvalidText } from '../plugins/errors';

const changesJson = {
  type: 'object',
  minProperties: 1,
  maxProperties: MAX_QUESTIONS,
  propertyNames: { pattern: '^[1-9][0-9]{0,3}$' },
  additionalProperties: {
    type: 'object',
    required: ['answer', 'at'],
    additionalProperties: false,
    properties: { answer: { type: 'string' }, at: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER } },
  },
} as const;

export type AnswerChanges = Record<string, { answer: string; at: number }>;
export const changesSchema = Type.Unsafe<AnswerChanges>(changesJson);

/** Each change's answer within MAX_ANSWER_BYTES; throws answer-too-long naming the first that is not. */
export function requireChangeSizes(changes: AnswerChanges): void {
  requireAnswerSizes(Object.entries(changes).map(([question, change]) => [question, change.answer]));
}

/**
 * Changes that did not come as a request body (opened from sealed answers), checked as a save's body is: valid text
 * (within `limit` values), the schema through `request`'s validator (coercing in place as it coerces a body), each
 * answer's size. True when a save would take them.
 */
export function validChanges(request: FastifyRequest, changes: unknown, limit: number): changes is AnswerChanges {
  if (containsInvalidText(changes, limit)) return false;
  if (!request.validateInput(changes, changesSchema)) return false;
  try {
    requireChangeSizes(changes as AnswerChanges);
  } catch (e) {
    if (e instanceof ContentError) return false;
    throw e;
  }
  return true;
}
