/**
 * The admin's actions on a student or teacher profile and the login behind it (routes/students, routes/teachers):
 * delete, deactivate, reactivate and a new random password; the profile's own repository does the writing.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type TObject } from 'typebox';
import { generateInitialPassword, hashPassword } from '../lib/passwords';
import { idQuerySchema, messageResponse, type IdQuery } from './helpers';

export interface ProfileActions {
  /** 'students' or 'teachers': the routes are DELETE /<resource>, POST /<resource>/deactivate, /reactivate and /reset-password */
  resource: string;
  /** 'student' or 'teacher', for the OpenAPI summaries and the deletion's message */
  noun: string;
  /** what a deletion takes with it and what it refuses (the OpenAPI summary) */
  deleteSummary: string;
  /** what a deactivation leaves in place, e.g. 'answers, grades and names' */
  keeps: string;
  /** the reply of a (de)activation: the profile with its login state */
  profileSchema: TObject;
  remove(id: number): Promise<void>;
  setActive(id: number, active: boolean): Promise<object>;
  resetPassword(id: number, passwordHash: string): Promise<void>;
}

/** The reply types here come from the caller's profile schema, so the routes type only their query. */
export function registerProfileActions(app: FastifyInstance, actions: ProfileActions): void {
  const admin = app.requireRole('admin');
  const tags = [actions.resource];
  const noun = actions.noun[0].toUpperCase() + actions.noun.slice(1);

  app.delete<{ Querystring: IdQuery }>(
    `/${actions.resource}`,
    {
      preHandler: admin,
      schema: { tags, summary: actions.deleteSummary, querystring: idQuerySchema, response: messageResponse },
    },
    async (request) => {
      await actions.remove(request.query.id);
      return { message: `${noun} deleted successfully` };
    },
  );

  for (const [action, active] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    const summary = active
      ? `Let a deactivated ${actions.noun} sign in again`
      : `Deactivate a ${actions.noun}: no sign-in, sessions end; ${actions.keeps} stay`;
    app.post<{ Querystring: IdQuery }>(
      `/${actions.resource}/${action}`,
      {
        preHandler: admin,
        schema: { tags, summary, querystring: idQuerySchema, response: { 200: actions.profileSchema } },
      },
      async (request) => actions.setActive(request.query.id, active),
    );
  }

  app.post<{ Querystring: IdQuery }>(
    `/${actions.resource}/reset-password`,
    {
      preHandler: admin,
      schema: {
        tags,
        summary: `Give a ${actions.noun} a new random password (shown once)`,
        querystring: idQuerySchema,
        response: { 200: Type.Object({ initial_password: Type.String({ description: 'shown once' }) }) },
      },
    },
    async (request) => {
      const initial_password = generateInitialPassword();
      await actions.resetPassword(request.query.id, await hashPassword(initial_password));
      return { initial_password };
    },
  );
}
