import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: ReactNode;
  /** Defaults to 'Yes' (in the active language). */
  confirmLabel?: string;
  /** Defaults to 'Cancel' (in the active language). */
  cancelLabel?: string;
  /** Colours the confirm button red for destructive actions. */
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Yes/no confirmation, e.g. title 'Confirmation of Exam Submission' or 'are you sure you want to delete {name}?'. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  cancelLabel,
  destructive = false,
  busy = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="kelasku-confirm-title"
      aria-describedby="kelasku-confirm-text"
    >
      <DialogTitle id="kelasku-confirm-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="kelasku-confirm-text" component="div">
          {message}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{cancelLabel ?? t('actions.cancel')}</Button>
        <Button variant="contained" color={destructive ? 'error' : 'primary'} onClick={onConfirm} disabled={busy}>
          {confirmLabel ?? t('actions.yes')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
