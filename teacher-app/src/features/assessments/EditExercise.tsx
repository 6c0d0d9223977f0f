import { Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '@kelasku/shared-ui';
import { buildContent, exercisesApi, getUserData, parseQuestions } from '@kelasku/shared-api';
import { useAsync } from '../../lib/useAsync';
import { useGoBack } from '../../lib/useGoBack';
import { useNumberParam } from '../../lib/params';
import { AssessmentForm, type AssessmentValues } from './AssessmentForm';
import { MissingId } from './ScreenStates';
import { firstQuestions, loadExercise, subjectTitle } from './data';

/** /EditExercise?material_id=: edits the material's exercise. */
export default function EditExercise() {
  const materialId = useNumberParam('material_id');
  const goBack = useGoBack(materialId ? `/PreviewExercise?material_id=${materialId}` : '/DashboardTeacher');
  const state = useAsync(
    async () => (materialId ? Promise.all([loadExercise(materialId), subjectTitle(materialId)]) : null),
    [materialId],
  );

  if (!materialId) return <MissingId what="subject" onBack={goBack} />;
  if (state.loading) return <LoadingState />;
  if (state.error || !state.data) return <ErrorState message="Failed fetching exercise preview" onRetry={state.reload} />;
  const [exercise, title] = state.data;
  if (!exercise) {
    return (
      <EmptyState
        message="Oops! It seems you haven't created exercise for this subject yet."
        action={<Button variant="contained" component={RouterLink} to={`/CreateExercise?material_id=${materialId}`}>Create an exercise for this subject</Button>}
      />
    );
  }
  const questions = parseQuestions(exercise.content);

  const save = async (values: AssessmentValues) => {
    try {
      await exercisesApi.update(exercise.id, {
        title: values.title.trim(),
        material_id: materialId,
        content: buildContent(values.questions),
        teacher_id: getUserData()?.teacher_id ?? exercise.teacher_id,
      });
    } catch {
      window.alert('Failed to update exercise');
      return;
    }
    window.alert('Successfully updated exercise');
    goBack();
  };

  return (
    <AssessmentForm
      kind="exercise"
      heading="Edit Exercise"
      subheading={title ? `Subject: ${title}` : undefined}
      initial={{ title: exercise.title, questions: questions.length ? questions : firstQuestions() }}
      submitLabel="Save Exercise"
      onSubmit={save}
    />
  );
}
