import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ClassImpact, ClassItem } from '@kelasku/shared-api';
import { ErrorState, LoadingState } from '@kelasku/shared-ui';
import { failureText } from '../../../hooks/usePagedList';
import { classImpactQuery, useArchiveClass, useDeleteClass } from '../api';
import { CLASS_ARCHIVE_NS } from '../class-archive-messages';

export interface DeleteClassDialogProps {
  cls: ClassItem;
  onClose: () => void;
  /** after the class was deleted or archived */
  onDone: (outcome: 'deleted' | 'archived') => void;
}

/** What goes with the class, in the order a teacher built it up. */
const COUNTED = [
  ['materials', 'classArchive:delete.materials'],
  ['exercises', 'classArchive:delete.exercises'],
  ['exams', 'classArchive:delete.exams'],
  ['answer_sheets', 'classArchive:delete.answerSheets'],
  ['grades', 'classArchive:delete.grades'],
  ['discussions', 'classArchive:delete.discussions'],
] as const;

function ImpactList({ impact }: { impact: ClassImpact }) {
  const { t } = useTranslation(CLASS_ARCHIVE_NS);
  const counted = COUNTED.filter(([field]) => impact[field] > 0);
  return (
    <Box data-testid="class-impact">
      {counted.length === 0 ? (
        <Typography>{t('classArchive:delete.nothing')}</Typography>
      ) : (
        <>
          <Typography>{t('classArchive:delete.takes')}</Typography>
          <Box component="ul" sx={{ mt: 0.5, mb: 1 }}>
            {counted.map(([field, key]) => (
              <li key={field}>{t(key, { count: impact[field] })}</li>
            ))}
          </Box>
        </>
      )}
      {impact.students > 0 && <Typography>{t('classArchive:delete.students', { count: impact.students })}</Typography>}
    </Box>
  );
}

/**
 * Deleting a class: first what goes with it (counted by the server), archiving offered instead, and the class name
 * typed to confirm the delete.
 */
export default function DeleteClassDialog({ cls, onClose, onDone }: DeleteClassDialogProps) {
  const { t } = useTranslation(CLASS_ARCHIVE_NS);
  const impact = useQuery(classImpactQuery(cls.id));
  const remove = useDeleteClass();
  const archive = useArchiveClass();
  const [typed, setTyped] = useState('');
  const busy = remove.isPending || archive.isPending;
  const named = typed.trim() === cls.name.trim();
  const failure = remove.isError
    ? failureText(t('classArchive:delete.failed'), remove.error)
    : archive.isError
      ? failureText(t('classArchive:delete.archiveFailed'), archive.error)
      : null;

  const doDelete = () => remove.mutate(cls.id, { onSuccess: () => onDone('deleted') });
  const doArchive = () => archive.mutate(cls.id, { onSuccess: () => onDone('archived') });

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby="delete-class-title"
      aria-describedby="delete-class-impact"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="delete-class-title" sx={{ overflowWrap: 'anywhere' }}>
        {t('classArchive:delete.title', { name: cls.name })}
      </DialogTitle>
      <DialogContent>
        <Box id="delete-class-impact">
          {impact.isPending ? (
            <LoadingState text={t('classArchive:delete.counting')} />
          ) : impact.isError ? (
            <ErrorState
              message={t('classArchive:delete.countFailed')}
              error={impact.error}
              onRetry={() => void impact.refetch()}
            />
          ) : (
            <ImpactList impact={impact.data} />
          )}
        </Box>
        <Alert severity="info" sx={{ my: 2 }}>
          {t('classArchive:delete.archiveHint')}
        </Alert>
        <TextField
          label={t('classArchive:delete.confirmLabel', { name: cls.name })}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          fullWidth
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 300, spellCheck: false } }}
        />
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} disabled={busy}>
          {t('classArchive:delete.cancel')}
        </Button>
        <Button variant="outlined" onClick={doArchive} disabled={busy}>
          {t('classArchive:delete.archive')}
        </Button>
        <Button variant="contained" color="error" onClick={doDelete} disabled={busy || !named || !impact.isSuccess}>
          {t('classArchive:delete.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
