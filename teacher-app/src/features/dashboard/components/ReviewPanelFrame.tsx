import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/**
 * Height kept for the panel's body from the first paint on: one row of class chips (40 px + 12 px gap) and the
 * one-line "Nothing to review" (88 px). The panel sits above the dashboard's charts; while its chunk, the classes and
 * the list arrived one after another, each taller state pushed the charts down (Lighthouse: layout shift 0.04–0.1).
 */
const REVIEW_BODY_MIN_HEIGHT = 140;

/**
 * The dashboard's "To review" section: its frame and heading, shown by the dashboard while the panel's own chunk
 * loads (the dashboard chunk stays small: this file holds no panel logic) and by the panel itself.
 */
export function ReviewPanelFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('teacher');
  return (
    <Paper component="section" aria-labelledby="panel-review" sx={{ p: { xs: 1.5, sm: 2.5 }, mb: 2.5, minWidth: 0 }}>
      <Typography id="panel-review" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {t('review.title')}
      </Typography>
      <Box sx={{ minHeight: REVIEW_BODY_MIN_HEIGHT }}>{children}</Box>
    </Paper>
  );
}
