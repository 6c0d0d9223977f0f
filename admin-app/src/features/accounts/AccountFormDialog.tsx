import { useEffect, useState } from 'react';
import { Alert, MenuItem, TextField } from '@mui/material';
import { Modal, type ModalField } from '@kelasku/shared-ui';
import type { AccountField, FormValues } from './types';

export const REQUIRED_MESSAGE = 'Semua field harus diisi.';

/** True when a field of the add form is empty (edit has no required check, as the spec says). */
export function hasEmptyField<V extends FormValues>(fields: AccountField<V>[], values: V): boolean {
  return fields.some((f) => !String(values[f.key] ?? '').trim());
}

export interface AccountFormDialogProps<V extends FormValues> {
  open: boolean;
  mode: 'add' | 'edit';
  noun: string;
  fields: AccountField<V>[];
  initial: V;
  busy: boolean;
  failure: string | null;
  onClose: () => void;
  onSubmit: (values: V) => void;
}

export function AccountFormDialog<V extends FormValues>({
  open, mode, noun, fields, initial, busy, failure, onClose, onSubmit,
}: AccountFormDialogProps<V>) {
  const [values, setValues] = useState<V>(initial);
  useEffect(() => {
    if (open) setValues(initial);
  }, [open, initial]);
  const set = (key: string, value: string) => setValues((v) => ({ ...v, [key]: value }));

  const submit = () => {
    if (mode === 'add' && hasEmptyField(fields, values)) {
      window.alert(REQUIRED_MESSAGE);
      return;
    }
    onSubmit(values);
  };

  const modalFields: ModalField[] = fields.map((f) =>
    f.options
      ? {
          label: f.label,
          name: f.key,
          component: (
            <TextField select fullWidth label={f.label} value={values[f.key] ?? ''} onChange={(e) => set(f.key, e.target.value)}>
              {f.options.map((o) => (
                <MenuItem key={o} value={o}>{o}</MenuItem>
              ))}
            </TextField>
          ),
        }
      : {
          label: f.label,
          name: f.key,
          type: f.type ?? 'text',
          value: values[f.key] ?? '',
          inputProps: f.inputProps,
          onChange: (e) => set(f.key, e.target.value),
        },
  );

  return (
    <Modal
      open={open}
      title={mode === 'add' ? `Add New ${noun}` : `Edit ${noun}`}
      confirmLabel={mode === 'add' ? 'Add' : 'Save'}
      fields={modalFields}
      busy={busy}
      onClose={onClose}
      onConfirm={submit}
    >
      {failure && <Alert severity="error">{failure}</Alert>}
    </Modal>
  );
}
