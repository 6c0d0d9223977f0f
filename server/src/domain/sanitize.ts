/**
 * Sanitizing of stored rich HTML (materials; discussion texts are plain text) with sanitize-html, allowing what Quill produces:
 *
 * - blocks: p, br, h1–h6, blockquote, pre, code, ol/ul/li, span, div;
 * - inline: strong/b, em/i, u, s/strike, sub, sup, a (http, https, mailto; rel/target forced);
 * - classes: only `ql-*` (Quill's alignment, indent, font, size and video classes);
 * - style: only color, background-color (hex, rgb(a), named) and text-align (left/right/center/justify);
 * - img: src http(s), data:image/(png|jpeg|gif|webp);base64, or a stored picture /api/v1/images/<sha256>.<ext>
 *   (domain/images.ts) only; a picture from another site gets referrerpolicy="no-referrer", so opening a material
 *   does not tell that site which reader is on which page (the server never fetches it either);
 * - formulas: `data-value` (the LaTeX, escaped like every attribute) on `<span class="ql-formula">` and on no other
 *   element; the editor writes the LaTeX as the span's text too, so a reader without KaTeX shows it. A LaTeX longer
 *   than MAX_FORMULA_CHARS is refused (a 400);
 * - iframe (Quill's video embed): http(s) only, from the well-known video hosts YouTube, youtube-nocookie and Vimeo,
 *   no other attributes than src, width, height, allowfullscreen, frameborder, class.
 * Everything else (scripts, event handlers, javascript: URLs, forms, style blocks) is dropped.
 *
 * Work is linear in the input and bounded: HTML longer than MAX_RICH_HTML_CHARS, nested deeper than MAX_HTML_DEPTH or
 * with more than MAX_HTML_ELEMENTS elements is refused with a ContentError (a 400) — see boundedParsing.
 */
import sanitizeHtml from 'sanitize-html';
import { ContentError, IMAGE_URL_RE, isRasterDataUrl } from './content';
import { inlinePictureChars } from './images';
import { MAX_HTML_DEPTH, MAX_HTML_ELEMENTS, MAX_RICH_HTML_CHARS } from './limits';
import { FORMULA_CLASS, MAX_FORMULA_CHARS } from '@kelasku/shared-rules';

const COLOR = [
  /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i,
  /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(?:,\s*(?:0|1|0?\.\d+)\s*)?\)$/i,
  /^[a-z]{3,20}$/i,
];

/** The only inline styles kept, with the values each may take. */
const ALLOWED_STYLES: Record<string, RegExp[]> = {
  color: COLOR,
  'background-color': COLOR,
  'text-align': [/^(?:left|right|center|justify)$/],
};

/**
 * A style attribute reduced to its allowed declarations, as `prop:value;prop:value`. Done here, in one split, instead
 * of by sanitize-html's allowedStyles: that parses every style attribute with postcss, ~20 µs each.
 */
function filterStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const prop = declaration.slice(0, colon).trim();
    const value = declaration.slice(colon + 1).trim();
    if (Object.hasOwn(ALLOWED_STYLES, prop) && ALLOWED_STYLES[prop].some((re) => re.test(value)))
      kept.push(`${prop}:${value}`);
  }
  return kept.join(';');
}

const VIDEO_HOSTS = ['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'];

/** img: http(s), a stored picture, or a raster data: URL in base64 (no SVG, which can carry script). */
function allowedImageSrc(src: string): boolean {
  return /^https?:\/\//i.test(src) || IMAGE_URL_RE.test(src) || isRasterDataUrl(src);
}

/** iframe: Quill's video embed from a known host over http(s). */
function allowedVideoSrc(src: string): boolean {
  if (!/^https?:\/\//i.test(src)) return false;
  try {
    return VIDEO_HOSTS.includes(new URL(src).hostname);
  } catch {
    return false;
  }
}

/**
 * A picture or iframe whose src is not allowed loses its attributes and content, and the empty element is removed
 * from the output (EMPTY_ELEMENTS). sanitize-html's exclusiveFilter would drop it directly, but it cuts each excluded
 * element out of the whole output so far — quadratic (1.2 MB of `<img src=x>` took 13 s). Renaming the tag instead
 * is no better: sanitize-html then renames a later sibling's end tag too.
 */
const keepIf =
  (allowed: (src: string) => boolean): sanitizeHtml.Transformer =>
  (tagName, attribs) =>
    allowed((attribs.src ?? '').trim()) ? { tagName, attribs } : { tagName, attribs: {}, text: '' };

const isExternal = (src: string) => /^https?:\/\//i.test(src.trim());

/** A kept picture: one from another site is fetched without a referrer; any referrerpolicy the input had is dropped. */
const keepPicture: sanitizeHtml.Transformer = (tagName, attribs) => {
  const kept = keepIf(allowedImageSrc)(tagName, attribs);
  const { referrerpolicy: _sent, ...rest } = kept.attribs;
  return { ...kept, attribs: isExternal(rest.src ?? '') ? { ...rest, referrerpolicy: 'no-referrer' } : rest };
};

/**
 * A span keeps `data-value` only as a formula: its class is exactly `ql-formula` (and then no style either). Its
 * content is sanitized like any other; the browsers typeset the outermost formula in place of its content.
 */
const keepFormula: sanitizeHtml.Transformer = (tagName, attribs) => {
  const { 'data-value': latex, ...rest } = attribs;
  if (latex === undefined || (attribs.class ?? '').trim() !== FORMULA_CLASS) return { tagName, attribs: rest };
  if (latex.length > MAX_FORMULA_CHARS) {
    throw new ContentError(`A formula is too long (max ${MAX_FORMULA_CHARS} characters)`, {
      code: 'formula-too-long',
      params: { limit: MAX_FORMULA_CHARS },
    });
  }
  return { tagName, attribs: { class: FORMULA_CLASS, 'data-value': latex } };
};

/** What an emptied picture or iframe looks like in the output (`<` in text and attributes is always escaped). */
const EMPTY_ELEMENTS = /<img \/>|<iframe><\/iframe>/g;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'sub',
    'sup',
    'span',
    'div',
    'ol',
    'ul',
    'li',
    'blockquote',
    'pre',
    'code',
    'a',
    'img',
    'iframe',
  ],
  allowedAttributes: {
    '*': ['class', 'style'],
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'referrerpolicy'],
    iframe: ['src', 'width', 'height', 'allowfullscreen', 'frameborder'],
    li: ['data-list'],
    pre: ['spellcheck'],
    span: ['data-value'],
  },
  allowedClasses: { '*': ['ql-*'] },
  // styles are filtered by filterStyle (transformTags '*'), so sanitize-html passes the result through as it is
  parseStyleAttributes: false,
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'], iframe: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  allowedIframeHostnames: VIDEO_HOSTS,
  allowIframeRelativeUrls: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer', ...(attribs.target ? { target: '_blank' } : {}) },
    }),
    img: keepPicture,
    span: keepFormula,
    iframe: keepIf(allowedVideoSrc),
    '*': (tagName, attribs) => {
      if (attribs.style === undefined) return { tagName, attribs };
      const { style, ...rest } = attribs;
      const kept = filterStyle(style);
      return { tagName, attribs: kept ? { ...rest, style: kept } : rest };
    },
  },
};

/**
 * The parser under sanitize-html (htmlparser2) keeps the open elements in an array it adds to at the front, so each
 * new element costs as much as the depth: 200,000 unclosed `<b>` took 22 s. These hooks follow the parser's own
 * open/close events (void elements and implied closes included, so the count is the parser's real depth) and stop
 * the parse at the first element beyond MAX_HTML_DEPTH, before that cost grows. The length is checked first, and
 * elements are counted on the way (MAX_HTML_ELEMENTS), so the whole sanitizing stays short.
 */
function boundedParsing(html: string): Pick<sanitizeHtml.IOptions, 'onOpenTag' | 'onCloseTag'> {
  // Inline pictures do not count: each is capped on its own (MAX_IMAGE_BYTES) and all together by the body limit.
  if (html.length - inlinePictureChars(html) > MAX_RICH_HTML_CHARS) {
    throw new ContentError(`HTML is too long (max ${MAX_RICH_HTML_CHARS} characters without pictures)`, {
      code: 'html-too-long',
      params: { limit: MAX_RICH_HTML_CHARS },
    });
  }
  let depth = 0;
  let elements = 0;
  return {
    onOpenTag: () => {
      if (++depth > MAX_HTML_DEPTH)
        throw new ContentError(`HTML is nested more than ${MAX_HTML_DEPTH} levels deep`, {
          code: 'html-too-deep',
          params: { limit: MAX_HTML_DEPTH },
        });
      if (++elements > MAX_HTML_ELEMENTS)
        throw new ContentError(`HTML has more than ${MAX_HTML_ELEMENTS} elements`, {
          code: 'html-too-many-elements',
          params: { limit: MAX_HTML_ELEMENTS },
        });
    },
    onCloseTag: () => {
      depth--;
    },
  };
}

export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html, { ...OPTIONS, ...boundedParsing(html) }).replace(EMPTY_ELEMENTS, '');
}
