import { Button } from '@mui/material';
import { ErrorState, LoadingState } from '@kelasku/shared-ui';
import { errorStatus, getUserData, materialsApi } from '@kelasku/shared-api';
import { useAsync } from '../../lib/useAsync';
import { useGoBack } from '../../lib/useGoBack';
import { useNumberParam } from '../../lib/params';
import { SubjectForm } from './SubjectForm';
import type { SubjectValues } from './subjectRules';

/** /EditSubjects?id={material id}: loads the subject, so it also works when opened directly. */
export default function EditSubject() {
  const id = useNumberParam('id');
  const goBack = useGoBack();
  const material = useAsync(() => (id ? materialsApi.detail(id) : Promise.reject(new Error('missing id'))), [id]);

  if (!id) return <ErrorState message="No subject was chosen." onRetry={goBack} retryLabel="Go Back" />;
  if (material.loading) return <LoadingState />;
  if (material.error || !material.data) {
    const missing = errorStatus(material.error) === 404;
    return <ErrorState message={missing ? 'This subject no longer exists.' : 'Failed to load the subject.'} onRetry={missing ? goBack : material.reload} retryLabel={missing ? 'Go Back' : 'Retry'} />;
  }
  const subject = material.data;

  const save = async (values: SubjectValues) => {
    await materialsApi.update(subject.id, { ...values, class_id: subject.class_id, teacher_id: getUserData()?.teacher_id ?? subject.teacher_id });
    window.alert('Subject updated successfully');
    goBack();
  };

  return (
    <>
      <Button onClick={goBack} sx={{ mb: 1 }}>Back</Button>
      <SubjectForm
        heading="Edit Subject"
        initial={{ title: subject.title, description: subject.description, content: subject.content }}
        onSubmit={save}
        failureText="Failed to update the subject. Please try again."
      />
    </>
  );
}
