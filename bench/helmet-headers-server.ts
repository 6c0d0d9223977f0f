/**
 * The server of bench/helmet-headers.ts: bare Fastify with GET /ping (text "pong") and the security headers set by
 * HEADERS=ours (server/src/plugins/security.ts: helmet run once, its headers handed to every reply), =library
 * (@fastify/helmet with the same helmet options) or =none. Listens on PORT; prints "ready" when it does.
 */
import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { addSecurityHeaders, helmetOptions } from '../server/src/plugins/security';

async function main() {
  const app = Fastify({ logger: false });
  const variant = process.env.HEADERS;
  if (variant === 'ours') addSecurityHeaders(app, undefined);
  else if (variant === 'library') await app.register(fastifyHelmet, helmetOptions([]));
  else if (variant !== 'none') throw new Error(`HEADERS must be ours, library or none, not ${variant}`);
  app.get('/ping', async (_request, reply) => reply.type('text/plain; charset=utf-8').send('pong'));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  console.log('ready');
}

void main();
