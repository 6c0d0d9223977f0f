import { useEffect, useState } from 'react';
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
import { classesApi, errorMessage, type ClassItem } from '@kelasku/shared-api';
import { ConfirmDialog } from '@kelasku/shared-ui';
import { useLoad } from '../../hooks/useLoad';
import { TeacherPicker } from '../classes/TeacherPicker';
import { NOUN_TEXTS } from './nounTexts';
import type { AccountNoun, AccountRow } from './types';

/** Every class of a teacher (all pages of the class list). */
async function classesOfTeacher(teacherId: number): Promise<ClassItem[]> {
  const first = await classesApi.list({ page: 1, pageSize: 100 });
  const rest = await Promise.all(Array.from({ length: Math.max(0, first.meta.totalPage - 1) }, (_, i) => classesApi.list({ page: i + 2, pageSize: 100 })));
  return [first, ...rest].flatMap((p) => p.classes).filter((c) => c.teacher_id === teacherId);
}

/** One class of the teacher being deleted, with a picker to give it to another teacher. */
function ReassignRow({ cls, teacherId, onReassigned }: { cls: ClassItem; teacherId: number; onReassigned: () => void }) {
  const { t } = useTranslation('admin');
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const reassign = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await classesApi.update(cls.id, { name: cls.name, description: cls.description, grade: cls.grade, teacher_id: Number(to) });
      onReassigned();
    } catch (err) {
      setFailure(t('accounts.teacherClasses.reassignFailed', { name: cls.name, reason: errorMessage(err) ?? t('form.tryAgain') }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Typography sx={{ fontWeight: 600, mb: 1 }}>{t('accounts.teacherClasses.classOfGrade', { name: cls.name, grade: cls.grade })}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TeacherPicker label={t('accounts.teacherClasses.newTeacher', { name: cls.name })} value={to} onChange={setTo} exclude={teacherId} />
        <Button variant="outlined" disabled={!to || busy} onClick={reassign} aria-label={t('accounts.teacherClasses.reassignLabel', { name: cls.name })}>
          {t('accounts.teacherClasses.reassign')}
        </Button>
      </Stack>
      {failure && <Alert severity="error" sx={{ mt: 1 }}>{failure}</Alert>}
    </Box>
  );
}

/** A teacher's classes, each to be reassigned before the teacher can be deleted. */
function TeacherClasses({ row, onClear }: { row: AccountRow; onClear: (clear: boolean) => void }) {
  const { t } = useTranslation('admin');
  const classes = useLoad(async () => {
    const list = await classesOfTeacher(row.id);
    onClear(list.length === 0);
    return list;
  }, `teacher-classes-${row.id}`);
  if (classes.loading && !classes.data) return <Typography>{t('accounts.teacherClasses.checking', { name: row.name })}</Typography>;
  if (classes.error || !classes.data) {
    return (
      <Alert severity="error" action={<Button onClick={classes.reload}>{t('form.retry')}</Button>}>
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
      <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }} aria-label={t('accounts.teacherClasses.listLabel', { name: row.name })}>
        {classes.data.map((c) => (
          <ReassignRow key={c.id} cls={c} teacherId={row.id} onReassigned={classes.reload} />
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
  // a teacher can be deleted once their classes are known to be none
  const [clear, setClear] = useState(noun !== 'Teacher');
  useEffect(() => setClear(noun !== 'Teacher'), [noun, row?.id]);
  return (
    <Dialog open={row !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="delete-account-title">
      {row && (
        <>
          <DialogTitle id="delete-account-title">{t('accounts.delete.title', { name: row.name })}</DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              {noun === 'Teacher' && <TeacherClasses key={row.id} row={row} onClear={setClear} />}
              {/* what deleting does, as the confirmation says it (nothing else happens) */}
              <DialogContentText>{t(NOUN_TEXTS[noun].deleteConsequences, { name: row.name })}</DialogContentText>
              {row.active !== false && <Alert severity="info">{t(NOUN_TEXTS[noun].deactivateInstead, { name: row.name })}</Alert>}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('form.cancel')}</Button>
            {row.active !== false && (
              <Button variant="contained" onClick={onDeactivate} disabled={busy}>{t('accounts.delete.deactivateInstead')}</Button>
            )}
            <Button variant="outlined" color="error" onClick={onDelete} disabled={busy || !clear}>{t(NOUN_TEXTS[noun].deleteButton)}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

/** Deactivate / Reactivate confirmation. */
export function ActivationDialog({ open, row, busy, onConfirm, onClose }: {
  open: boolean;
  /** kept while the dialog closes, so its text does not change meanwhile */
  row: AccountRow | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const reactivate = row?.active === false;
  const name = row?.name ?? '';
  return (
    <ConfirmDialog
      open={open}
      title={reactivate ? t('accounts.activation.reactivateTitle', { name }) : t('accounts.activation.deactivateTitle', { name })}
      message={reactivate ? t('accounts.activation.reactivateMessage', { name }) : t('accounts.activation.deactivateMessage', { name })}
      confirmLabel={reactivate ? t('accounts.activation.reactivate') : t('accounts.activation.deactivate')}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
