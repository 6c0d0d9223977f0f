import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type, type Static } from 'typebox';
import { loadImage, loadVariant } from '../../domain/images';
import { recordNotFound } from '../../plugins/errors';

/**
 * GET /images/:name — a picture taken out of saved content (domain/images.ts), `<sha256>.<ext>`, or one of its
 * smaller copies, `<sha256>-<width>.<ext>` (domain/picture-variants.ts); a copy not made yet (a picture stored before
 * copies were made) leads to the original for a while.
 * No sign-in: an <img> cannot send the bearer token, and the name is the hash of the bytes, so only someone who has
 * read the content that embeds it knows it (server/README.md, "Images"). The bytes behind a name never change, so
 * browsers may keep it for a year without asking again. The CSP and nosniff keep a picture opened on its own from
 * ever running as a document (only raster types whose bytes match are stored; this is a second line).
 */
const STRICT_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

function cspOf(reply: FastifyReply): string[] {
  const set = reply.getHeader('content-security-policy');
  return set === undefined ? [] : Array.isArray(set) ? set.map(String) : [String(set)];
}

const paramsSchema = Type.Object({ name: Type.String({ maxLength: 80 }) });

/** The picture's bytes as stored (a Buffer skips the JSON serializer; this describes the reply in the OpenAPI document). */
const pictureResponse = {
  200: { description: 'the picture', content: { 'image/*': { schema: Type.String({ format: 'binary' }) } } },
};

/** Typed by a route generic, not the TypeBox provider: the reply is bytes or an empty 304, not a schema's JSON. */
export default async function imagesRoutes(app: FastifyInstance) {
  app.get<{ Params: Static<typeof paramsSchema> }>(
    '/images/:name',
    {
      // an <img> cannot send the token; the name is the content hash
      config: { public: true },
      schema: {
        tags: ['images'],
        summary: 'A stored picture (public, immutable)',
        security: [],
        params: paramsSchema,
        response: pictureResponse,
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      const image = name.includes('-') ? await loadVariant(app.db, name) : await loadImage(app.db, name);
      if (!image) throw recordNotFound('image', 'Image not found');
      if ('original' in image)
        return reply.code(307).header('cache-control', 'public, max-age=3600').redirect(image.original, 307);
      const etag = `"${image.hash}"`;
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        // A second policy beside the app's (set by helmet): browsers enforce both, so the strict one wins.
        .header('content-security-policy', [...cspOf(reply), STRICT_CSP]);
      const seen = request.headers['if-none-match'];
      if (seen && seen.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();
      return reply.type(image.mime).header('content-length', image.data.length).send(image.data);
    },
  );
}
