import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { preloadable } from '@kelasku/shared-ui/src/preloadable';
import type { WorkKind } from '../texts';
import { SUBMIT_TEXTS } from '../texts';

/**
 * The submit confirmation (MUI's dialog chunk) is no part of the sheet's first screen: loaded right after it, so it is
 * there (and in the service worker's cache) before the student can ask for it, offline too.
 */
const ConfirmDialog = preloadable(() => import('@kelasku/shared-ui/src/ConfirmDialog').then((m) => m.ConfirmDialog));

/** Starts loading the confirmation's code (once the sheet's first screen is up). */
export const preloadSubmitConfirmation = () => ConfirmDialog.preload();

/** Whether the confirmation's code is there: until then the sheet renders it only once asked for. */
export const submitConfirmationLoaded = () => ConfirmDialog.isLoaded();

export interface SubmitConfirmationProps {
  open: boolean;
  kind: WorkKind;
  /** The unanswered questions ("2 of 10 questions unanswered: 4, 7"), or null. */
  unanswered: string | null;
  submitting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Submit this task/exam?", with the questions still unanswered; busy while the sheet is handed in. */
export function SubmitConfirmation({
  open,
  kind,
  unanswered,
  submitting,
  onConfirm,
  onClose,
}: SubmitConfirmationProps) {
  const { t } = useTranslation('student');
  const texts = SUBMIT_TEXTS[kind];
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        open={open}
        title={t(texts.title)}
        message={
          <>
            <Box component="span" sx={{ display: 'block' }}>
              {t(texts.message)}
            </Box>
            {unanswered && (
              <Box component="span" sx={{ display: 'block', mt: 1, fontWeight: 700 }}>
                {unanswered}
              </Box>
            )}
          </>
        }
        confirmLabel={submitting ? t('sheet.submitting') : t('sheet.confirmSubmit')}
        busy={submitting}
        onConfirm={onConfirm}
        onClose={onClose}
      />
    </Suspense>
  );
}
