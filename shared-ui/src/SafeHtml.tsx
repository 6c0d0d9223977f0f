import { useEffect, useMemo, useState } from 'react';
import type DOMPurifyType from 'dompurify';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { FORMULA_CLASS } from '@kelasku/shared-rules';
import { useFormulaRenderer } from './formula/load';
import { withPictureCopies } from './pictures';
import { sxItems } from './sx';

type Purifier = typeof DOMPurifyType;

// Image sources may only be http(s) or data URLs (teachers paste base64 images); other schemes are dropped.
const SAFE_URI = /^(?:(?:https?|mailto|tel):|data:image\/|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/**
 * Every picture is fetched without a referrer, whatever the stored HTML says: a picture from another site would
 * otherwise tell that site which reader opened which page (materials saved before the server added the attribute
 * have none).
 */
function withoutReferrer(node: Element): void {
  if (node.tagName === 'IMG') node.setAttribute('referrerpolicy', 'no-referrer');
}

// DOMPurify (~8 KB gzip) loads on first use instead of with every role's first screen.
let purifier: Purifier | null = null;
let loading: Promise<Purifier> | null = null;

/** Loads DOMPurify once; resolves immediately when it is already there. */
export function loadSanitizer(): Promise<Purifier> {
  if (purifier) return Promise.resolve(purifier);
  loading ??= import(/* webpackChunkName: "dompurify" */ 'dompurify').then((mod) => {
    const loaded = (mod as unknown as { default?: Purifier }).default ?? (mod as unknown as Purifier);
    loaded.addHook('afterSanitizeAttributes', withoutReferrer);
    purifier = loaded;
    return loaded;
  });
  return loading;
}

/** Sanitized HTML whose stored pictures are offered in the size the screen needs (pictures.tsx). */
function clean(dompurify: Purifier, html: string): string {
  return withPictureCopies(dompurify.sanitize(html ?? '', { ALLOWED_URI_REGEXP: SAFE_URI, ADD_ATTR: ['target'] }));
}

/** Sanitizes stored HTML with DOMPurify (loads it on first use). */
export async function sanitizeHtml(html: string): Promise<string> {
  return clean(await loadSanitizer(), html);
}

/** The text of some HTML, without running or rendering any of it (inert document). */
function textOf(html: string): string {
  return new DOMParser().parseFromString(html ?? '', 'text/html').body.textContent ?? '';
}

/**
 * Renders stored rich HTML (materials, discussions) after DOMPurify sanitizing. Until DOMPurify has loaded (first
 * use only) it shows the plain text, rendered as text, so nothing unsafe ever reaches the DOM and nothing flashes empty.
 * Formulas (`<span class="ql-formula" data-value="LaTeX">`) are typeset by KaTeX, loaded only when the HTML holds one;
 * until then (or offline) they show their LaTeX.
 */
export function SafeHtml({ html, sx, className }: { html: string; sx?: SxProps<Theme>; className?: string }) {
  // DOMPurify is a function: handed to useState directly it would be called as an initializer (making a new instance).
  const [ready, setReady] = useState<Purifier | null>(() => purifier);
  useEffect(() => {
    if (ready) return;
    let current = true;
    loadSanitizer().then(
      (p) => current && setReady(() => p),
      (err: unknown) => console.error('Loading the HTML sanitizer failed:', err),
    );
    return () => {
      current = false;
    };
  }, [ready]);
  const safe = useMemo(() => (ready ? clean(ready, html) : null), [ready, html]);
  const formulas = safe !== null && safe.includes(FORMULA_CLASS);
  const renderer = useFormulaRenderer(formulas);
  const shown = useMemo(
    () => (renderer && safe !== null && formulas ? renderer.typesetHtml(safe) : safe),
    [renderer, safe, formulas],
  );
  // height: auto keeps a picture's proportions when its width attribute is wider than the column.
  const boxSx = [{ '& img': { maxWidth: '100%', height: 'auto' }, overflowWrap: 'anywhere' }, ...sxItems(sx)] as const;
  if (safe === null) {
    return (
      <Box className={className} sx={[{ whiteSpace: 'pre-line' }, ...boxSx]}>
        {textOf(html)}
      </Box>
    );
  }
  return <Box className={className} sx={boxSx} dangerouslySetInnerHTML={{ __html: shown ?? safe }} />;
}
