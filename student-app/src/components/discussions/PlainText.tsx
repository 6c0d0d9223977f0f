import { Typography, type TypographyProps } from '@mui/material';

/**
 * A discussion text as its author typed it: plain text, never HTML (React escapes it), with the author's line breaks
 * and spaces kept and long words wrapped.
 */
export function PlainText({ text, sx, ...props }: { text: string } & Omit<TypographyProps, 'children'>) {
  return <Typography {...props} sx={[{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }, ...(Array.isArray(sx) ? sx : [sx])]}>{text}</Typography>;
}
