import { useState } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage, type ClassItem } from '@kelasku/shared-api';
import { teacherClassesQuery } from '../../../lib/class-lists';
import { useReassignClass } from '../api';
import { TeacherPicker } from '../../../components/TeacherPicker';
import { NOUN_TEXTS } from '../noun-texts';
import type { AccountNoun, AccountRow } from '../types';

/** One class of the teacher being deleted, with a picker to give it to another teacher. */
function ReassignRow({ cls, teacherId }: { cls: ClassItem; teacherId: number }) {
  const { t } = useTranslation('admin');
  const [to, setTo] = useState('');
  // the teacher's class list refetches without this class once it is handed on
  const reassign = useReassignClass(cls);
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Typography sx={{ fontWeight: 600, mb: 1 }}>
        {t('accounts.teacherClasses.classOfGrade', { name: cls.name, grade: cls.grade })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TeacherPicker
          label={t('accounts.teacherClasses.newTeacher', { name: cls.name })}
          value={to}
          onChange={setTo}
          exclude={teacherId}
        />
        <Button
          variant="outlined"
          disabled={!to || reassign.isPending}
          onClick={() => reassign.mutate(Number(to))}
          aria-label={t('accounts.teacherClasses.reassignLabel', { name: cls.name })}
        >
          {t('accounts.teacherClasses.reassign')}
        </Button>
      </Stack>
      {reassign.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('accounts.teacherClasses.reassignFailed', {
            name: cls.name,
            reason: errorMessage(reassign.error) ?? t('form.tryAgain'),
          })}
        </Alert>
      )}
    </Box>
  );
}

/** A teacher's classes, each to be reassigned before the teacher can be deleted. */
function TeacherClasses({ row, classes }: { row: AccountRow; classes: UseQueryResult<ClassItem[]> }) {
  const { t } = useTranslation('admin');
  if (classes.isPending) return <Typography>{t('accounts.teacherClasses.checking', { name: row.name })}</Typography>;
  if (classes.isError) {
    return (
      <Alert severity="error" action={<Button onClick={() => void classes.refetch()}>{t('form.retry')}</Button>}>
        {t('accounts.teacherClasses.loadFailed', { name: row.name })}
      </Alert>
    );
  }
  if (classes.data.length === 0) return null;
  return (
    <Box>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {t('accounts.teacherClasses.stillTeaches', { name: row.name, count: classes.data.length })}
      </Alert>
      <Stack
        component="ul"
        spacing={2}
        sx={{ p: 0, m: 0 }}
        aria-label={t('accounts.teacherClasses.listLabel', { name: row.name })}
      >
        {classes.data.map((c) => (
          <ReassignRow key={c.id} cls={c} teacherId={row.id} />
        ))}
      </Stack>
    </Box>
  );
}

export interface DeleteAccountDialogProps {
  noun: AccountNoun;
  row: AccountRow | null;
  busy: boolean;
  onDelete: () => void;
  onDeactivate: () => void;
  onClose: () => void;
}

/** Delete Teacher / Delete Student: says exactly what happens, proposes deactivating, and for a teacher asks for their classes to be reassigned first. */
export function DeleteAccountDialog({ noun, row, busy, onDelete, onDeactivate, onClose }: DeleteAccountDialogProps) {
  const { t } = useTranslation('admin');
  const isTeacher = noun === 'Teacher';
  const teacherClasses = useQuery({ ...teacherClassesQuery(row?.id ?? 0), enabled: isTeacher && row !== null });
  // a teacher can be deleted once their classes are known to be none (freshly read, not a cached answer being checked again)
  const clear = !isTeacher || (teacherClasses.data?.length === 0 && !teacherClasses.isFetching);
  return (
    <Dialog open={row !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="delete-account-title">
      {row && (
        <>
          <DialogTitle id="delete-account-title">{t('accounts.delete.title', { name: row.name })}</DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              {isTeacher && <TeacherClasses row={row} classes={teacherClasses} />}
              {/* what deleting does, as the confirmation says it (nothing else happens) */}
              <DialogContentText>{t(NOUN_TEXTS[noun].deleteConsequences, { name: row.name })}</DialogContentText>
              {row.active !== false && (
                <Alert severity="info">{t(NOUN_TEXTS[noun].deactivateInstead, { name: row.name })}</Alert>
              )}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('form.cancel')}</Button>
            {row.active !== false && (
              <Button variant="contained" onClick={onDeactivate} disabled={busy}>
                {t('accounts.delete.deactivateInstead')}
              </Button>
            )}
            <Button variant="outlined" color="error" onClick={onDelete} disabled={busy || !clear}>
              {t(NOUN_TEXTS[noun].deleteButton)}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
