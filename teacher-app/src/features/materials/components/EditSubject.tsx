import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import { getUserData, materialsApi } from '@kelasku/shared-api';
import { useMaterialFromUrl } from '../hooks/useMaterialFromUrl';
import { materialsChanged } from '../api';
import { MaterialForm } from './MaterialForm';
import type { MaterialValues } from '../material-rules';

/** /EditSubjects?id={material id}: loads the subject, so it also works when opened directly. */
export default function EditSubject() {
  const { t } = useTranslation('teacher');
  const queryClient = useQueryClient();
  const loaded = useMaterialFromUrl();
  if (!loaded.ready) return loaded.screen;
  const { subject, goBack } = loaded;

  const save = async (values: MaterialValues) => {
    await materialsApi.update(subject.id, { ...values, class_id: subject.class_id, teacher_id: getUserData()?.teacher_id ?? subject.teacher_id });
    void materialsChanged(queryClient);
    window.alert(t('subjects.edit.done'));
    goBack();
  };

  return (
    <>
      <Button onClick={goBack} sx={{ mb: 1 }}>{t('subjects.back')}</Button>
      <MaterialForm
        heading={t('subjects.edit.heading')}
        initial={{ title: subject.title, description: subject.description, content: subject.content }}
        draftKey={`edit-subject:${subject.id}`}
        onSubmit={save}
        failureText={t('subjects.edit.failed')}
      />
    </>
  );
}
