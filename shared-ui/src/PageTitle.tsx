import type { ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { sxItems } from './sx';

/** The one look of a screen's main heading: bold, smaller on phones, a long name (a subject, a student) wraps. */
const TITLE_SX = { fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2rem' }, overflowWrap: 'anywhere' } as const;

/** A screen's main heading (its one h1); `sx` adds the spacing around it where the screen needs some. */
export function PageTitle({ children, sx }: { children: ReactNode; sx?: SxProps<Theme> }) {
  return (
    <Typography component="h1" variant="h4" sx={[TITLE_SX, ...sxItems(sx)]}>
      {children}
    </Typography>
  );
}
