/**
 * Picture URLs as clients see them. Stored content keeps root-relative `/api/v1/images/<name>` URLs (they stay right
 * when the address of the site changes); replies make them absolute from the configured public base URL
 * (PUBLIC_URL), so a frontend served from another origin (a remote on a CDN) still shows them. The request's Host
 * header is never used: a client can forge it. What a teacher sends back (an edited material still holding the
 * absolute URLs) is made relative again before it is checked and stored.
 */
import type { ContentMap } from './content';
import { IMAGE_URL_PREFIX } from './images';

// `[^<>]`, not `[^>]`: text like `<img<img<img…` (request bodies are rewritten before sanitizing) stays linear.
const IMG_TAG_RE = /<img\b[^<>]*>/gi;
const IMAGE_NAME = '[0-9a-f]{64}\\.(?:png|jpg|gif|webp)';
const SIZE_FRAGMENT = '(?:#\\d{1,5}x\\d{1,5})?';
const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface PublicImages {
  /** Stored → reply: root-relative picture URLs made absolute (unchanged without a public URL). */
  html(text: string): string;
  content(content: ContentMap): ContentMap;
  /** Request → stored: this site's absolute picture URLs made root-relative again. */
  relativeHtml(text: string): string;
  relativeContent(content: unknown): unknown;
  /** Bytes `html` adds to each picture URL (the PUBLIC_URL prefix; 0 without one). */
  prefixBytes: number;
}

/** `https://host[/path]` without a trailing slash; throws for anything that is not an http(s) URL without query. */
export function normalizePublicUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new RangeError(
      `PUBLIC_URL must be an absolute http(s) URL such as https://kelasku.example.sch.id, got "${text}"`,
    );
  }
  if (
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.search ||
    url.hash ||
    url.username ||
    url.password
  ) {
    throw new RangeError(`PUBLIC_URL must be an http(s) URL without query, fragment or credentials, got "${text}"`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function mapValues(content: ContentMap, f: (value: string) => string): ContentMap {
  const out: ContentMap = {};
  for (const [key, value] of Object.entries(content)) out[key] = f(value);
  return out;
}

export function publicImages(publicUrl: string | undefined): PublicImages {
  if (!publicUrl) {
    return { html: (t) => t, content: (c) => c, relativeHtml: (t) => t, relativeContent: (c) => c, prefixBytes: 0 };
  }
  const base = normalizePublicUrl(publicUrl);
  // In a tag's src (quoted as the sanitizer writes it, or not), or as a whole n_pict value.
  const relativeSrc = new RegExp(`(\\ssrc\\s*=\\s*["']?)(${escapeRe(IMAGE_URL_PREFIX)}${IMAGE_NAME})`, 'gi');
  const absoluteSrc = new RegExp(
    `(\\ssrc\\s*=\\s*["']?)${escapeRe(base)}(${escapeRe(IMAGE_URL_PREFIX)}${IMAGE_NAME})`,
    'gi',
  );
  // An `n_pict` value may carry the picture's size as fragment (shared-rules picture-variants).
  const relativeValue = new RegExp(`^${escapeRe(IMAGE_URL_PREFIX)}${IMAGE_NAME}${SIZE_FRAGMENT}$`);
  const absoluteValue = new RegExp(
    `^\\s*${escapeRe(base)}(${escapeRe(IMAGE_URL_PREFIX)}${IMAGE_NAME}${SIZE_FRAGMENT})\\s*$`,
  );

  const html = (text: string) =>
    text.includes(IMAGE_URL_PREFIX) ? text.replace(IMG_TAG_RE, (tag) => tag.replace(relativeSrc, `$1${base}$2`)) : text;
  const relativeHtml = (text: string) =>
    text.includes(base) ? text.replace(IMG_TAG_RE, (tag) => tag.replace(absoluteSrc, '$1$2')) : text;
  return {
    prefixBytes: Buffer.byteLength(JSON.stringify(base)) - 2,
    html,
    relativeHtml,
    content: (content) => mapValues(content, (v) => (relativeValue.test(v) ? `${base}${v}` : html(v))),
    relativeContent: (content) => {
      // Anything else is left for the content validation to refuse with its own message.
      if (!content || typeof content !== 'object' || Array.isArray(content)) return content;
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(content)) {
        out[key] =
          typeof value !== 'string'
            ? value
            : absoluteValue.test(value)
              ? value.replace(absoluteValue, '$1')
              : relativeHtml(value);
      }
      return out;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Picture URLs between stored content and replies (see publicImages). */
    publicImages: PublicImages;
  }
}
