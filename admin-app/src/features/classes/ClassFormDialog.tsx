import { useEffect, useState } from 'react';
import { Alert, TextField } from '@mui/material';
import { Modal } from '@kelasku/shared-ui';
import { TeacherPicker } from './TeacherPicker';
import { REQUIRED_MESSAGE, missingClassField, type ClassFormValues } from './classForm';

export interface ClassFormDialogProps {
  open: boolean;
  mode: 'add' | 'edit';
  initial: ClassFormValues;
  busy: boolean;
  /** Failure text shown inside the dialog ('Failed to Add New Class' / 'Failed to Edit Class Data'). */
  failure: string | null;
  /** A name the server refused as already used in the grade; its message shows at the name field while that name is typed. */
  takenName?: { name: string; message: string } | null;
  onClose: () => void;
  onSubmit: (values: ClassFormValues) => void;
}

/** Add and edit dialogs of a class. Only add checks required fields, as the spec says. */
export function ClassFormDialog({ open, mode, initial, busy, failure, takenName, onClose, onSubmit }: ClassFormDialogProps) {
  const [values, setValues] = useState(initial);
  useEffect(() => {
    if (open) setValues(initial);
  }, [open, initial]);

  const set = (key: keyof ClassFormValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  const nameProblem = takenName && takenName.name === values.name ? takenName.message : undefined;

  const submit = () => {
    if (mode === 'add' && missingClassField(values)) {
      window.alert(REQUIRED_MESSAGE);
      return;
    }
    onSubmit(values);
  };

  return (
    <Modal
      open={open}
      title={mode === 'add' ? 'Add Class' : 'Edit Class'}
      confirmLabel={mode === 'add' ? 'Add' : 'Save'}
      busy={busy}
      onClose={onClose}
      onConfirm={submit}
      fields={[
        {
          label: 'Class Name',
          name: 'name',
          component: (
            <TextField
              fullWidth
              label="Class Name"
              name="name"
              value={values.name}
              onChange={(e) => set('name')(e.target.value)}
              error={Boolean(nameProblem)}
              helperText={nameProblem}
            />
          ),
        },
        { label: 'Description', name: 'description', value: values.description, onChange: (e) => set('description')(e.target.value) },
        { label: 'Teacher', name: 'teacher_id', component: <TeacherPicker value={values.teacher_id} onChange={set('teacher_id')} /> },
      ]}
    >
      {failure && <Alert severity="error">{failure}</Alert>}
    </Modal>
  );
}
