import { useEffect, useState } from 'react';
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
import type { AccountRow } from './types';

/** Every class of a teacher (all pages of the class list). */
async function classesOfTeacher(teacherId: number): Promise<ClassItem[]> {
  const first = await classesApi.list({ page: 1, pageSize: 100 });
  const rest = await Promise.all(Array.from({ length: Math.max(0, first.meta.totalPage - 1) }, (_, i) => classesApi.list({ page: i + 2, pageSize: 100 })));
  return [first, ...rest].flatMap((p) => p.classes).filter((c) => c.teacher_id === teacherId);
}

/** One class of the teacher being deleted, with a picker to give it to another teacher. */
function ReassignRow({ cls, teacherId, onReassigned }: { cls: ClassItem; teacherId: number; onReassigned: () => void }) {
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
      setFailure(`Failed to reassign ${cls.name}: ${errorMessage(err) ?? 'try again'}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Typography sx={{ fontWeight: 600, mb: 1 }}>{cls.name} (grade {cls.grade})</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TeacherPicker label={`New teacher for ${cls.name}`} value={to} onChange={setTo} exclude={teacherId} />
        <Button variant="outlined" disabled={!to || busy} onClick={reassign} aria-label={`Reassign ${cls.name}`}>Reassign</Button>
      </Stack>
      {failure && <Alert severity="error" sx={{ mt: 1 }}>{failure}</Alert>}
    </Box>
  );
}

/** A teacher's classes, each to be reassigned before the teacher can be deleted. */
function TeacherClasses({ row, onClear }: { row: AccountRow; onClear: (clear: boolean) => void }) {
  const classes = useLoad(async () => {
    const list = await classesOfTeacher(row.id);
    onClear(list.length === 0);
    return list;
  }, `teacher-classes-${row.id}`);
  if (classes.loading && !classes.data) return <Typography>Checking the classes of {row.name}...</Typography>;
  if (classes.error || !classes.data) {
    return <Alert severity="error" action={<Button onClick={classes.reload}>Retry</Button>}>The classes of {row.name} could not be loaded.</Alert>;
  }
  if (classes.data.length === 0) return null;
  const n = classes.data.length;
  return (
    <Box>
      <Alert severity="warning" sx={{ mb: 2 }}>
        {row.name} still teaches {n === 1 ? 'a class' : `${n} classes`}. A class and its work are never deleted with a teacher: give{' '}
        {n === 1 ? 'it' : 'each class'} to another teacher first.
      </Alert>
      <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }} aria-label={`Classes of ${row.name}`}>
        {classes.data.map((c) => (
          <ReassignRow key={c.id} cls={c} teacherId={row.id} onReassigned={classes.reload} />
        ))}
      </Stack>
    </Box>
  );
}

/** What deleting does, as the confirmation says it (nothing else happens). */
export function deleteConsequences(noun: string, name: string): string {
  if (noun === 'Teacher') {
    return `Deleting removes ${name}'s account and sign-in for good. Materials, exercises and exams ${name} wrote stay with their classes, owned by each class's teacher, and students' grades are kept. This cannot be undone.`;
  }
  return `Deleting removes ${name}'s account and sign-in, their answers and grades, and the replies they wrote. Their discussion posts are deleted too, except posts other students replied to: those stay, shown as by a former student, so the other students' replies are kept. This cannot be undone.`;
}

export function deactivateInstead(noun: string, name: string): string {
  const who = noun === 'Teacher' ? 'their classes, work and name' : 'their grades, posts and name';
  return `${noun === 'Student' ? 'A student who has grades is better deactivated' : 'Consider deactivating instead'}: ${name} can no longer sign in, but ${who} stay, and you can reactivate the account later.`;
}

export interface DeleteAccountDialogProps {
  noun: string;
  row: AccountRow | null;
  busy: boolean;
  onDelete: () => void;
  onDeactivate: () => void;
  onClose: () => void;
}

/** Delete Teacher / Delete Student: says exactly what happens, proposes deactivating, and for a teacher asks for their classes to be reassigned first. */
export function DeleteAccountDialog({ noun, row, busy, onDelete, onDeactivate, onClose }: DeleteAccountDialogProps) {
  // a teacher can be deleted once their classes are known to be none
  const [clear, setClear] = useState(noun !== 'Teacher');
  useEffect(() => setClear(noun !== 'Teacher'), [noun, row?.id]);
  return (
    <Dialog open={row !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="delete-account-title">
      {row && (
        <>
          <DialogTitle id="delete-account-title">are you sure you want to delete {row.name}?</DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              {noun === 'Teacher' && <TeacherClasses key={row.id} row={row} onClear={setClear} />}
              <DialogContentText>{deleteConsequences(noun, row.name)}</DialogContentText>
              {row.active !== false && <Alert severity="info">{deactivateInstead(noun, row.name)}</Alert>}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            {row.active !== false && <Button variant="contained" onClick={onDeactivate} disabled={busy}>Deactivate instead</Button>}
            <Button variant="outlined" color="error" onClick={onDelete} disabled={busy || !clear}>Delete {noun}</Button>
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
  const reactivate = row?.active === false;
  const name = row?.name ?? '';
  return (
    <ConfirmDialog
      open={open}
      title={reactivate ? `Reactivate ${name}?` : `Deactivate ${name}?`}
      message={
        reactivate
          ? `${name} can sign in again with their current password.`
          : `${name} can no longer sign in and is signed out on every device. The account, its name and history stay; you can reactivate it at any time.`
      }
      confirmLabel={reactivate ? 'Reactivate' : 'Deactivate'}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
