import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { Box, type SxProps, type Theme } from '@mui/material';

// Image sources may only be http(s) or data URLs (teachers paste base64 images); everything else is dropped.
const SAFE_URI = /^(?:(?:https?|mailto|tel):|data:image\/|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** Sanitizes stored HTML with DOMPurify. Exported for code that needs the clean string itself. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html ?? '', { ALLOWED_URI_REGEXP: SAFE_URI, ADD_ATTR: ['target'] });
}

/** Renders stored rich HTML (materials, discussions) after sanitizing it. */
export function SafeHtml({ html, sx, className }: { html: string; sx?: SxProps<Theme>; className?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Box className={className} sx={[{ '& img': { maxWidth: '100%' }, overflowWrap: 'anywhere' }, ...(Array.isArray(sx) ? sx : [sx])]} dangerouslySetInnerHTML={{ __html: clean }} />;
}
