import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { preloadable } from '@kelasku/shared-ui/src/preloadable';
import { QuestionGrid } from './QuestionGrid';

/** "3 of 10 answered": the heading over the number grid. */
export function AnsweredCount({ answered, total }: { answered: number; total: number }) {
  const { t } = useTranslation('student');
  return (
    <Typography component="h2" variant="subtitle2" sx={{ mb: 1 }}>
      {t('sheet.answeredCount', { answered, total })}
    </Typography>
  );
}

export interface QuestionListDrawerProps {
  open: boolean;
  onClose: () => void;
  answeredCount: number;
  total: number;
  /** The position on screen. */
  current: number;
  isAnswered: (position: number) => boolean;
  /** Goes to a question (and closes the drawer). */
  onSelect: (position: number) => void;
}

/** The phone's question list slides up in a drawer: MUI's modal parts load when it is first opened. */
const Drawer = preloadable(() => import('@mui/material/Drawer').then((m) => m.default));
/** Called as a finger or focus reaches the list's button; offline, the open tries again. */
export const preloadQuestionList = () => void Drawer.preload().catch(() => undefined);

/**
 * On a phone, the number grid opens from the sheet's bar, over the bottom of the screen. Mounted from its first open
 * on (so that closing slides it away).
 */
export function QuestionListDrawer({
  open,
  onClose,
  answeredCount,
  total,
  current,
  isAnswered,
  onSelect,
}: QuestionListDrawerProps) {
  const { t } = useTranslation('student');
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Drawer
        anchor="bottom"
        open={open}
        onClose={onClose}
        slotProps={{ paper: { role: 'dialog', 'aria-label': t('sheet.questionList') } }}
      >
        <Box sx={{ p: 2, pb: 3 }}>
          <AnsweredCount answered={answeredCount} total={total} />
          <QuestionGrid count={total} current={current} isAnswered={isAnswered} onSelect={onSelect} />
        </Box>
      </Drawer>
    </Suspense>
  );
}
