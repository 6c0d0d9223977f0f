import Fastify from 'fastify';
import errorsPlugin from '../plugins/errors';

// A request the schema refuses gets its reason in words people read, with the field it is about.
async function appWithSchema() {
  const app = Fastify({ ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false } } });
  await app.register(errorsPlugin);
  app.post(
    '/things',
    {
      schema: {
        querystring: { type: 'object', properties: { page: { type: 'integer', minimum: 1, maximum: 1000 } } },
        body: {
          type: 'object',
          required: ['name', 'grade'],
          additionalProperties: false,
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 20 },
            nis: { type: 'string', pattern: '^[0-9]+$' },
            grade: { type: 'integer', enum: [10, 11, 12] },
            email: { type: 'string', format: 'email' },
            answers: { type: 'object', additionalProperties: { type: 'string' } },
          },
        },
      },
    },
    async () => ({ ok: true }),
  );
  await app.ready();
  return app;
}

describe('validation messages', () => {
  it.each([
    [{ name: '', grade: 10 }, '', 'Name must not be empty.', 'name', 'validation-empty', { field: 'name' }],
    [
      { name: 'x'.repeat(21), grade: 10 },
      '',
      'Name must be at most 20 characters.',
      'name',
      'validation-too-long',
      { field: 'name', limit: 20 },
    ],
    [{ grade: 10 }, '', 'Name is required.', 'name', 'validation-required', { field: 'name' }],
    [
      { name: 'Ani', grade: 13 },
      '',
      'Grade must be one of: 10, 11, 12.',
      'grade',
      'validation-enum',
      { field: 'grade', values: '10, 11, 12' },
    ],
    [
      { name: 'Ani', grade: 'ten' },
      '',
      'Grade must be a whole number.',
      'grade',
      'validation-type',
      { field: 'grade', type: 'integer' },
    ],
    [
      { name: 'Ani', grade: 10, nis: '12a' },
      '',
      'NIS is not in the expected form.',
      'nis',
      'validation-pattern',
      { field: 'nis' },
    ],
    [
      { name: 'Ani', grade: 10, email: 'ani' },
      '',
      'Email must be a valid email address.',
      'email',
      'validation-format',
      { field: 'email', format: 'email' },
    ],
    [
      { name: 'Ani', grade: 10, extra: 1 },
      '',
      'Unknown field "extra" in the request.',
      undefined,
      'validation-unknown-field',
      { name: 'extra', where: 'request' },
    ],
    [
      { name: 'Ani', grade: 10, answers: { 3: { a: 1 } } },
      '',
      'Answers (question 3) must be text.',
      'answers',
      'validation-type',
      { field: 'answers', question: 3, type: 'string' },
    ],
    [
      { name: 'Ani', grade: 10 },
      '?page=0',
      'Page must be at least 1.',
      'page',
      'validation-minimum',
      { field: 'page', limit: 1 },
    ],
  ])('%j%s → %s', async (body, query, message, field, code, params) => {
    const app = await appWithSchema();
    const res = await app.inject({ method: 'POST', url: `/things${query}`, payload: body });
    expect(res.statusCode).toBe(400);
    // the code and its params let a screen word the same reason in the user's language
    expect(res.json()).toEqual({ error: message, message, ...(field ? { field } : {}), code, params });
    await app.close();
  });

  it('a body that is not an object is named as the request', async () => {
    const app = await appWithSchema();
    const res = await app.inject({
      method: 'POST',
      url: '/things',
      payload: '[1]',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.json().message).toBe('The request must be an object.');
    await app.close();
  });
});
