/**
 * Sanitizing of stored rich HTML (materials, discussions) with sanitize-html, allowing what Quill produces:
 *
 * - blocks: p, br, h1–h6, blockquote, pre, code, ol/ul/li, span, div;
 * - inline: strong/b, em/i, u, s/strike, sub, sup, a (http, https, mailto; rel/target forced);
 * - classes: only `ql-*` (Quill's alignment, indent, font, size and video classes);
 * - style: only color, background-color (hex, rgb(a), named) and text-align (left/right/center/justify);
 * - img: src http(s), data:image/(png|jpeg|gif|webp);base64, or a stored picture /api/v1/images/<sha256>.<ext>
 *   (domain/images.ts) only;
 * - iframe (Quill's video embed): http(s) only, from the well-known video hosts YouTube, youtube-nocookie and Vimeo,
 *   no other attributes than src, width, height, allowfullscreen, frameborder, class.
 * Everything else (scripts, event handlers, javascript: URLs, forms, style blocks) is dropped.
 */
import sanitizeHtml from 'sanitize-html';
import { IMAGE_URL_RE } from './content';

const COLOR = [/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(?:,\s*(?:0|1|0?\.\d+)\s*)?\)$/i, /^[a-z]{3,20}$/i];

const DATA_IMAGE_RE = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/;
const VIDEO_HOSTS = ['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com', 'player.vimeo.com'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'sub', 'sup',
    'span', 'div', 'ol', 'ul', 'li', 'blockquote', 'pre', 'code', 'a', 'img', 'iframe',
  ],
  allowedAttributes: {
    '*': ['class', 'style'],
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    iframe: ['src', 'width', 'height', 'allowfullscreen', 'frameborder'],
    li: ['data-list'],
    pre: ['spellcheck'],
  },
  allowedClasses: { '*': ['ql-*'] },
  allowedStyles: {
    '*': {
      color: COLOR,
      'background-color': COLOR,
      'text-align': [/^(?:left|right|center|justify)$/],
    },
  },
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
  },
  exclusiveFilter: (frame) => {
    // data: is allowed for img only, and only for raster images in base64 (no SVG, which can carry script).
    if (frame.tag === 'img') {
      const src = frame.attribs.src ?? '';
      if (/^https?:\/\//i.test(src) || IMAGE_URL_RE.test(src)) return false;
      return !DATA_IMAGE_RE.test(src);
    }
    if (frame.tag === 'iframe') return !/^https?:\/\//i.test(frame.attribs.src ?? '');
    return false;
  },
};

export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Plain text (discussion topics, replies): no tags at all, entities kept escaped by the client. */
export function stripAllHtml(text: string): string {
  return sanitizeHtml(text, { allowedTags: [], allowedAttributes: {} });
}
