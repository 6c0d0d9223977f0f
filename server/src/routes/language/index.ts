import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { LANGUAGES } from '@kelasku/shared-rules';
import { saveLanguage } from '../../domain/repo/sign-in';

const languageSchema = Type.Object({ language: Type.Enum([...LANGUAGES], { type: 'string' }) });

/** The signed-in user's UI language, saved on the account: the login reply brings it back on any device. */
export default async function languageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.put(
    '/users/language',
    {
      schema: {
        tags: ['users'],
        summary: 'Save the signed-in user’s UI language (en or id)',
        body: languageSchema,
        response: { 200: languageSchema },
      },
    },
    async (request) => {
      await saveLanguage(app.db, request.user.user_id, request.body.language);
      return { language: request.body.language };
    },
  );
}
