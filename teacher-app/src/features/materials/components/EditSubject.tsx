import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import { getUserData, type Material } from '@kelasku/shared-api';
import { useMaterialFromUrl } from '../hooks/useMaterialFromUrl';
import { useUpdateMaterial } from '../api';
import { MaterialForm, type SaveOutcome } from './MaterialForm';
import type { MaterialValues } from '../material-rules';

/** /EditSubjects?id={material id}: loads the subject, so it also works when opened directly. */
export default function EditSubject() {
  const loaded = useMaterialFromUrl();
  if (!loaded.ready) return loaded.screen;
  return <EditSubjectForm subject={loaded.subject} goBack={loaded.goBack} />;
}

function EditSubjectForm({ subject, goBack }: { subject: Material; goBack: () => void }) {
  const { t } = useTranslation('teacher');
  const update = useUpdateMaterial(subject.id);

  const save = (values: MaterialValues, outcome: SaveOutcome) => {
    update.mutate(
      { ...values, class_id: subject.class_id, teacher_id: getUserData()?.teacher_id ?? subject.teacher_id },
      {
        onError: outcome.onError,
        onSuccess: () => {
          outcome.onSuccess();
          window.alert(t('subjects.edit.done'));
          goBack();
        },
      },
    );
  };

  return (
    <>
      <Button onClick={goBack} sx={{ mb: 1 }}>
        {t('subjects.back')}
      </Button>
      <MaterialForm
        heading={t('subjects.edit.heading')}
        initial={{ title: subject.title, description: subject.description, content: subject.content }}
        draftKey={`edit-subject:${subject.id}`}
        onSubmit={save}
        saving={update.isPending}
        failureText={t('subjects.edit.failed')}
      />
    </>
  );
}
