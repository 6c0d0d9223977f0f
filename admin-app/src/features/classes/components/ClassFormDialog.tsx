import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { Modal } from '@kelasku/shared-ui';
import { useChanged } from '@kelasku/shared-ui/src/useChanged';
import type { FieldFailure } from '../../../hooks/usePagedList';
import { requiredMessage, missingClassField, type ClassFormValues } from '../class-form';
import { EnrolAllCheckbox } from './EnrolAllCheckbox';
import { TeacherPicker } from '../../../components/TeacherPicker';

export interface ClassFormDialogProps {
  open: boolean;
  mode: 'add' | 'edit';
  /** The page's grade: add offers to enrol all of its students. */
  grade: number;
  initial: ClassFormValues;
  busy: boolean;
  /** Failure text shown inside the dialog ('Failed to Add New Class' / 'Failed to Edit Class Data'). */
  failure: string | null;
  /** A name the server refused as already used in the grade; its message shows at the name field while that name is typed. */
  takenName?: { name: string; message: string } | null;
  /** The server's refusal tied to one field: its reason shows under that field until the field is changed. */
  fieldFailure?: FieldFailure | null;
  onClose: () => void;
  /** `enrolAll`: add only — whether every student of the grade joins the new class. */
  onSubmit: (values: ClassFormValues, enrolAll: boolean) => void;
}

/** Add and edit dialogs of a class. Only add checks required fields, as the spec says. */
export function ClassFormDialog({
  open,
  mode,
  grade,
  initial,
  busy,
  failure,
  takenName,
  fieldFailure,
  onClose,
  onSubmit,
}: ClassFormDialogProps) {
  const { t } = useTranslation('admin');
  const [values, setValues] = useState(initial);
  // unticked: a new class starts empty and gets its own students (rombel) from its page or an import
  const [enrolAll, setEnrolAll] = useState(false);
  /** The server's reason shown at its field; gone once that field is changed (and with it the failure above). */
  const [serverProblem, setServerProblem] = useState<FieldFailure | null>(fieldFailure ?? null);
  // Opened (or given other values while open): the form starts over. A new refusal names its field.
  const openChanged = useChanged(open);
  const initialChanged = useChanged(initial);
  if (open && (openChanged || initialChanged)) {
    setValues(initial);
    setEnrolAll(false);
    setServerProblem(null);
  }
  if (useChanged(fieldFailure)) setServerProblem(fieldFailure ?? null);

  const set = (key: keyof ClassFormValues) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setServerProblem((s) => (s?.field === key ? null : s));
  };

  const atField = serverProblem && ['name', 'description'].includes(serverProblem.field) ? serverProblem : null;
  const problemOf = (key: keyof ClassFormValues) => (atField?.field === key ? atField.message : undefined);
  const nameProblem = takenName && takenName.name === values.name ? takenName.message : problemOf('name');

  const submit = () => {
    if (mode === 'add' && missingClassField(values)) {
      window.alert(requiredMessage());
      return;
    }
    onSubmit(values, enrolAll);
  };

  return (
    <Modal
      open={open}
      title={mode === 'add' ? t('classes.addTitle') : t('classes.editTitle')}
      confirmLabel={mode === 'add' ? t('form.add') : t('form.save')}
      busy={busy}
      onClose={onClose}
      onConfirm={submit}
      fields={[
        {
          label: t('classes.form.name'),
          name: 'name',
          type: 'text',
          value: values.name,
          onChange: (e) => set('name')(e.target.value),
          problem: nameProblem,
        },
        {
          label: t('classes.form.description'),
          name: 'description',
          value: values.description,
          onChange: (e) => set('description')(e.target.value),
          problem: problemOf('description'),
        },
        {
          label: t('classes.form.teacher'),
          name: 'teacher_id',
          component: <TeacherPicker value={values.teacher_id} onChange={set('teacher_id')} />,
        },
      ]}
    >
      {mode === 'add' && open && <EnrolAllCheckbox grade={grade} checked={enrolAll} onChange={setEnrolAll} />}
      {/* a failure the server tied to a field shows its reason there; it goes once that field is changed */}
      {failure && (!fieldFailure || serverProblem) && (
        <Alert severity="error">{atField ? atField.failed : failure}</Alert>
      )}
    </Modal>
  );
}
