import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { errorMessage } from '@kelasku/shared-api';
import type { RosterChange } from '@kelasku/shared-rules/src/roster-changes';
import { gradeClassChoicesQuery, useRosterChange } from '../api';

export interface RosterChangeDialogProps {
  change: RosterChange;
  cls: { id: number; name: string; grade: number };
  studentIds: number[];
  onClose: () => void;
  /** after the server made the change */
  onDone: () => void;
}

const TEXTS = {
  assign: {
    title: 'roster.dialog.assignTitle',
    text: 'roster.dialog.assignText',
    confirm: 'roster.dialog.confirmAssign',
  },
  move: { title: 'roster.dialog.moveTitle', text: 'roster.dialog.moveText', confirm: 'roster.dialog.confirmMove' },
  unassign: {
    title: 'roster.dialog.unassignTitle',
    text: 'roster.dialog.unassignText',
    confirm: 'roster.dialog.confirmUnassign',
  },
} as const;

/** The other classes of the grade, to choose where the students go (assign and move). */
function TargetPicker({
  cls,
  value,
  onChange,
}: {
  cls: RosterChangeDialogProps['cls'];
  value: number | '';
  onChange: (id: number) => void;
}) {
  const { t } = useTranslation('admin');
  const choices = useQuery(gradeClassChoicesQuery(cls.grade));
  if (choices.isPending) return <DialogContentText>{t('roster.dialog.loading')}</DialogContentText>;
  if (choices.isError) return <Alert severity="error">{t('roster.dialog.loadFailed')}</Alert>;
  const others = choices.data.filter((c) => c.id !== cls.id);
  if (others.length === 0)
    return <Alert severity="info">{t('roster.dialog.noOtherClass', { grade: cls.grade })}</Alert>;
  return (
    <TextField
      select
      fullWidth
      label={t('roster.dialog.target', { grade: cls.grade })}
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ mt: 2 }}
    >
      {others.map((c) => (
        <MenuItem key={c.id} value={c.id}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Assign the selected students to another class of the grade as well, move them there, or unassign them: one request. */
export default function RosterChangeDialog({ change, cls, studentIds, onClose, onDone }: RosterChangeDialogProps) {
  const { t } = useTranslation('admin');
  const [target, setTarget] = useState<number | ''>('');
  const mutation = useRosterChange(cls.id);
  const texts = TEXTS[change];
  const needsTarget = change !== 'unassign';
  const submit = () =>
    mutation.mutate(
      { change, studentIds, ...(needsTarget && target !== '' ? { to: target } : {}) },
      { onSuccess: onDone },
    );
  const reason = mutation.isError ? errorMessage(mutation.error) : null;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="roster-change-title">
      <DialogTitle id="roster-change-title">{t(texts.title, { count: studentIds.length, name: cls.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t(texts.text, { name: cls.name })}</DialogContentText>
        {needsTarget && <TargetPicker cls={cls} value={target} onChange={setTarget} />}
        {mutation.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {reason ? t('roster.dialog.failed', { reason }) : t('roster.dialog.failedPlain')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('form.cancel')}</Button>
        <Button
          variant="contained"
          color={change === 'unassign' ? 'error' : 'primary'}
          disabled={mutation.isPending || (needsTarget && target === '')}
          onClick={submit}
        >
          {t(texts.confirm, { count: studentIds.length })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
