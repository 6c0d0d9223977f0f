import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { MAX_EXTRA_MINUTES } from '@kelasku/shared-rules';
import { MONITOR_NS } from '../monitor-messages';
import type { MonitorStudent } from '../transport';

/** The proctor gives one student extra minutes (0 takes them back). */
export function ExtraTimeDialog({
  row,
  onSave,
  onClose,
  busy,
}: {
  row: MonitorStudent;
  onSave: (minutes: number) => void;
  onClose: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation(MONITOR_NS);
  const [text, setText] = useState(String(row.extra_minutes));
  const minutes = /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  const valid = Number.isInteger(minutes) && minutes >= 0 && minutes <= MAX_EXTRA_MINUTES;
  return (
    <Dialog open onClose={onClose} aria-labelledby="extra-time-title">
      <DialogTitle id="extra-time-title">{t('exam-monitor:extraDialog.title', { name: row.name })}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          inputMode="numeric"
          label={t('exam-monitor:extraDialog.label', { max: MAX_EXTRA_MINUTES })}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={!valid}
          helperText={valid ? ' ' : t('exam-monitor:extraDialog.invalid', { max: MAX_EXTRA_MINUTES })}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('exam-monitor:extraDialog.cancel')}</Button>
        <Button variant="contained" disabled={!valid || busy} onClick={() => onSave(minutes)}>
          {t('exam-monitor:extraDialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
