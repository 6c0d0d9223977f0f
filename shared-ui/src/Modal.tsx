import type { ChangeEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

export interface ModalField {
  label: string;
  /** Input type ('text', 'number', 'email', 'password', 'date', …). A multi-line textarea when omitted. */
  type?: string;
  value?: string | number;
  onChange?: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  /** A custom control shown instead of the text input (e.g. a select). */
  component?: ReactNode;
  name?: string;
  /** Extra attributes for the input, e.g. { step: 0.01 }. */
  inputProps?: Record<string, unknown>;
  /** What is wrong with the value, shown under the field (which is then marked as in error). */
  problem?: string;
}

export interface ModalProps {
  open: boolean;
  title: string;
  fields: ModalField[];
  /** Defaults to 'Save' (in the active language). */
  confirmLabel?: string;
  onClose: () => void;
  onConfirm: () => void;
  /** Disables the confirm button (e.g. while saving). */
  busy?: boolean;
  children?: ReactNode;
}

/** Form dialog: a title, a list of labelled fields (textarea by default), a confirm button and Cancel. */
export function Modal({ open, title, fields, confirmLabel, onClose, onConfirm, busy = false, children }: ModalProps) {
  const { t } = useTranslation('common');
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="kelasku-modal-title">
      <DialogTitle id="kelasku-modal-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {fields.map((field, index) =>
            field.component ? (
              <div key={field.name ?? `${field.label}-${index}`}>{field.component}</div>
            ) : (
              <TextField
                key={field.name ?? `${field.label}-${index}`}
                label={field.label}
                name={field.name}
                type={field.type}
                multiline={!field.type}
                minRows={field.type ? undefined : 3}
                value={field.value ?? ''}
                onChange={field.onChange}
                fullWidth
                error={Boolean(field.problem)}
                helperText={field.problem}
                slotProps={{ htmlInput: field.inputProps }}
              />
            ),
          )}
          {children}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button variant="contained" onClick={onConfirm} disabled={busy}>
          {confirmLabel ?? t('actions.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
