import { ErrorState, LoadingState } from '@kelasku/shared-ui';
import { buildContent, exercisesApi, getUserData, withReason } from '@kelasku/shared-api';
import { useAsync } from '../../lib/useAsync';
import { useGoBack } from '../../lib/useGoBack';
import { useNumberParam } from '../../lib/params';
import { AssessmentForm, shuffleFields, type AssessmentValues } from './AssessmentForm';
import { AlreadyExists, MissingId } from './ScreenStates';
import { firstQuestions, loadExercise, subjectTitle } from './data';

/** /CreateExercise?material_id=: one exercise per material; shows 'Exercise already exists' when there is one. */
export default function CreateExercise() {
  const materialId = useNumberParam('material_id');
  const goBack = useGoBack(materialId ? `/DetailSubjects?id=${materialId}` : '/DashboardTeacher');
  const state = useAsync(
    async () => (materialId ? Promise.all([loadExercise(materialId), subjectTitle(materialId)]) : null),
    [materialId],
  );

  if (!materialId) return <MissingId what="subject" onBack={goBack} />;
  if (state.loading) return <LoadingState />;
  if (state.error || !state.data) return <ErrorState message="Failed to load the subject's exercise." onRetry={state.reload} />;
  const [existing, title] = state.data;
  if (existing) return <AlreadyExists text="Exercise already exists" onBack={goBack} />;

  const save = async (values: AssessmentValues) => {
    try {
      await exercisesApi.create({
        title: values.title.trim(),
        material_id: materialId,
        content: buildContent(values.questions),
        teacher_id: getUserData()?.teacher_id,
        ...shuffleFields(values),
      });
    } catch (err) {
      window.alert(withReason('Failed to create exercise', err));
      return false;
    }
    window.alert('Successfully created exercise');
    goBack();
    return true;
  };

  return (
    <AssessmentForm
      kind="exercise"
      heading="Create Exercise"
      subheading={title ? `Subject: ${title}` : undefined}
      initial={{ title: '', questions: firstQuestions() }}
      submitLabel="Create Exercise"
      draftKey={`create-exercise:${materialId}`}
      onSubmit={save}
    />
  );
}
