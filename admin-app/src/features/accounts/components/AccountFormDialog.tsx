import { useState } from 'react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { Modal, type ModalField } from '@kelasku/shared-ui/src/Modal';
import { useChanged } from '@kelasku/shared-ui/src/useChanged';
import type { FieldFailure } from '../../../hooks/usePagedList';
import { AccountFieldControl } from './AccountFieldControl';
import { JoinClassesChoice } from './JoinClassesChoice';
import { NOUN_TEXTS } from '../noun-texts';
import type { AccountField, AccountNoun, Enrolment, FormValues } from '../types';

/** The spec's alert for an empty field of an add form (its words in both languages). */
export const requiredMessage = () => i18next.t('admin:form.required');

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
  noun: AccountNoun;
  fields: AccountField<V>[];
  initial: V;
  busy: boolean;
  failure: string | null;
  /** The server's refusal tied to one field: its reason shows under that field until the field is changed. */
  fieldFailure?: FieldFailure | null;
  /** Add only: say which classes the new account joins, with a choice (sent as `joinClasses`). */
  enrolment?: Enrolment<V>;
  onClose: () => void;
  onSubmit: (values: V, joinClasses?: boolean) => void;
}

export function AccountFormDialog<V extends FormValues>({
  open,
  mode,
  noun,
  fields,
  initial,
  busy,
  failure,
  fieldFailure,
  enrolment,
  onClose,
  onSubmit,
}: AccountFormDialogProps<V>) {
  const { t } = useTranslation('admin');
  const [values, setValues] = useState<V>(initial);
  const [problems, setProblems] = useState<Partial<Record<string, string>>>({});
  // unticked: a new student is assigned to their own class (rombel), not to every class of the grade
  const [joinClasses, setJoinClasses] = useState(false);
  /** The server's reason shown at its field; gone once that field is changed (and with it the failure above). */
  const [serverProblem, setServerProblem] = useState<FieldFailure | null>(fieldFailure ?? null);
  // Opened (or given other values while open): the form starts over. A new refusal names its field.
  const openChanged = useChanged(open);
  const initialChanged = useChanged(initial);
  if (open && (openChanged || initialChanged)) {
    setValues(initial);
    setProblems({});
    setJoinClasses(false);
    setServerProblem(null);
  }
  if (useChanged(fieldFailure)) setServerProblem(fieldFailure ?? null);
  const atField = serverProblem && fields.some((f) => f.key === serverProblem.field) ? serverProblem : null;
  const enrolmentShown = mode === 'add' && enrolment !== undefined;
  const set = (key: string, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setProblems((p) => ({ ...p, [key]: undefined }));
    setServerProblem((s) => (s?.field === key ? null : s));
  };

  const submit = () => {
    if (mode === 'add' && hasEmptyField(fields, values)) {
      window.alert(requiredMessage());
      return;
    }
    const found = fieldProblems(fields, values);
    setProblems(found);
    if (Object.values(found).some(Boolean)) return;
    onSubmit(values, enrolmentShown ? joinClasses : undefined);
  };

  const control = (f: AccountField<V>) => (
    <AccountFieldControl
      field={f}
      value={values[f.key] ?? ''}
      problem={problems[f.key] ?? (atField?.field === f.key ? atField.message : undefined)}
      onChange={set}
    />
  );

  const modalFields: ModalField[] = fields.map((f) => ({ label: t(f.label), name: f.key, component: control(f) }));

  return (
    <Modal
      open={open}
      title={mode === 'add' ? t(NOUN_TEXTS[noun].addTitle) : t(NOUN_TEXTS[noun].editTitle)}
      confirmLabel={mode === 'add' ? t('form.add') : t('form.save')}
      fields={modalFields}
      busy={busy}
      onClose={onClose}
      onConfirm={submit}
    >
      {enrolmentShown && open && (
        <JoinClassesChoice
          grades={[enrolment.gradeOf(values)].filter((g): g is number => g !== undefined)}
          who="one"
          checked={joinClasses}
          onChange={setJoinClasses}
        />
      )}
      {/* a failure the server tied to a field shows its reason there; it goes once that field is changed */}
      {failure && (!fieldFailure || serverProblem) && (
        <Alert severity="error">{atField ? atField.failed : failure}</Alert>
      )}
    </Modal>
  );
}
