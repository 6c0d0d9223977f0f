import { Alert, Button } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '@kelasku/shared-ui';
import { buildContent, examsApi, getUserData, parseQuestions } from '@kelasku/shared-api';
import { useAsync } from '../../lib/useAsync';
import { useGoBack } from '../../lib/useGoBack';
import { useNumberParam } from '../../lib/params';
import { AssessmentForm, type AssessmentValues } from './AssessmentForm';
import { MissingId } from './ScreenStates';
import { className, firstQuestions, loadExam } from './data';
import { scheduleFromExam, scheduleToTimes } from './schedule';

/** /EditExam?class_id=: edits the class's exam (the spec reuses the exercise update texts here). */
export default function EditExam() {
  const classId = useNumberParam('class_id');
  const goBack = useGoBack(classId ? `/PreviewAnExam?class_id=${classId}` : '/DashboardTeacher');
  const state = useAsync(async () => (classId ? Promise.all([loadExam(classId), className(classId)]) : null), [classId]);

  if (!classId) return <MissingId what="class" onBack={goBack} />;
  if (state.loading) return <LoadingState />;
  if (state.error || !state.data) return <ErrorState message="Failed to fetch exams preview." onRetry={state.reload} />;
  const [exam, name] = state.data;
  if (!exam) {
    return (
      <EmptyState
        message="Oops! It seems you haven't created exam for this class yet."
        action={<Button variant="contained" component={RouterLink} to={`/CreateExam?class_id=${classId}`}>Create an Exam</Button>}
      />
    );
  }
  const questions = parseQuestions(exam.content);

  const save = async (values: AssessmentValues) => {
    if (!values.schedule) return;
    try {
      await examsApi.update(exam.id, {
        title: values.title.trim(),
        class_id: classId,
        content: buildContent(values.questions),
        teacher_id: getUserData()?.teacher_id ?? exam.teacher_id,
        ...scheduleToTimes(values.schedule),
      });
    } catch {
      window.alert('Failed to update exercise');
      return;
    }
    window.alert('Successfully updated exercise');
    goBack();
  };

  return (
    <>
      {exam.status !== 'Scheduled' && (
        <Alert severity="warning" sx={{ mb: 2, maxWidth: 960 }}>
          This exam has already {exam.status === 'Active' ? 'started' : 'ended'}. Changes apply to students immediately.
        </Alert>
      )}
      <AssessmentForm
        kind="exam"
        heading="Edit Exam"
        subheading={name ? `Class: ${name}` : undefined}
        initial={{ title: exam.title, questions: questions.length ? questions : firstQuestions(), schedule: scheduleFromExam(exam) }}
        submitLabel="Save Exam"
        onSubmit={save}
      />
    </>
  );
}
