import { useEffect, useState } from 'react';
import { Alert, Autocomplete, MenuItem, TextField } from '@mui/material';
import { Modal, type ModalField } from '@kelasku/shared-ui';
import type { AccountField, FormValues } from './types';

export const REQUIRED_MESSAGE = 'Semua field harus diisi.';

/** True when a field of the add form is empty (edit has no required check, as the spec says). */
export function hasEmptyField<V extends FormValues>(fields: AccountField<V>[], values: V): boolean {
  return fields.some((f) => !String(values[f.key] ?? '').trim());
}

/** Each filled field's problem, by key. */
function fieldProblems<V extends FormValues>(fields: AccountField<V>[], values: V): Partial<Record<string, string>> {
  const problems: Partial<Record<string, string>> = {};
  for (const f of fields) {
    const value = String(values[f.key] ?? '').trim();
    const problem = value && f.problem?.(value);
    if (problem) problems[f.key] = problem;
  }
  return problems;
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
  const [problems, setProblems] = useState<Partial<Record<string, string>>>({});
  useEffect(() => {
    if (open) {
      setValues(initial);
      setProblems({});
    }
  }, [open, initial]);
  const set = (key: string, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setProblems((p) => ({ ...p, [key]: undefined }));
  };

  const submit = () => {
    if (mode === 'add' && hasEmptyField(fields, values)) {
      window.alert(REQUIRED_MESSAGE);
      return;
    }
    const found = fieldProblems(fields, values);
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    onSubmit(values);
  };

  const control = (f: AccountField<V>) => {
    const value = values[f.key] ?? '';
    const problem = problems[f.key];
    const shared = { fullWidth: true, label: f.label, error: Boolean(problem), helperText: problem };
    if (f.options) {
      // a value stored before the list existed (or typed elsewhere) stays visible and kept
      const options = value && !f.options.includes(value) ? [value, ...f.options] : f.options;
      return (
        <TextField select {...shared} value={value} onChange={(e) => set(f.key, e.target.value)}>
          {options.map((o) => <MenuItem key={o} value={o}>{o}</MenuItem>)}
        </TextField>
      );
    }
    if (f.suggestions) {
      return (
        <Autocomplete
          freeSolo
          options={[...f.suggestions]}
          inputValue={value}
          onInputChange={(_, text) => set(f.key, text)}
          renderInput={(params) => <TextField {...params} {...shared} />}
        />
      );
    }
    return (
      <TextField {...shared} type={f.type ?? 'text'} value={value} onChange={(e) => set(f.key, e.target.value)} slotProps={{ htmlInput: f.inputProps }} />
    );
  };

  const modalFields: ModalField[] = fields.map((f) => ({ label: f.label, name: f.key, component: control(f) }));

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
