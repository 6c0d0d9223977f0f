import { ErrorState, LoadingState } from '@kelasku/shared-ui';
import { buildContent, errorMessage, examsApi, getUserData } from '@kelasku/shared-api';
import { useAsync } from '../../lib/useAsync';
import { useGoBack } from '../../lib/useGoBack';
import { useNumberParam } from '../../lib/params';
import { AssessmentForm, shuffleFields, type AssessmentValues } from './AssessmentForm';
import { AlreadyExists, MissingId } from './ScreenStates';
import { className, firstQuestions, loadExam } from './data';
import { defaultSchedule, scheduleToTimes } from './schedule';

/** /CreateExam?class_id=: one exam per class, scheduled on a WIB date and time window. */
export default function CreateExam() {
  const classId = useNumberParam('class_id');
  const goBack = useGoBack(classId ? `/ManageTaskExam?class_id=${classId}` : '/DashboardTeacher');
  const state = useAsync(async () => (classId ? Promise.all([loadExam(classId), className(classId)]) : null), [classId]);

  if (!classId) return <MissingId what="class" onBack={goBack} />;
  if (state.loading) return <LoadingState />;
  if (state.error || !state.data) return <ErrorState message="Failed to load the class's exam." onRetry={state.reload} />;
  const [existing, name] = state.data;
  if (existing) return <AlreadyExists text="Exam already exists" onBack={goBack} />;

  const save = async (values: AssessmentValues) => {
    try {
      await examsApi.create({
        title: values.title.trim(),
        class_id: classId,
        content: buildContent(values.questions),
        teacher_id: getUserData()?.teacher_id,
        ...scheduleToTimes(values.schedule ?? defaultSchedule()),
        ...shuffleFields(values),
      });
    } catch (err) {
      window.alert(`Failed to create exam: ${errorMessage(err) ?? ''}`);
      return false;
    }
    window.alert('Successfully created an exam');
    goBack();
    return true;
  };

  return (
    <AssessmentForm
      kind="exam"
      heading="Create Exam"
      subheading={name ? `Class: ${name}` : undefined}
      initial={{ title: '', questions: firstQuestions(), schedule: defaultSchedule() }}
      submitLabel="Create Exam"
      draftKey={`create-exam:${classId}`}
      onSubmit={save}
    />
  );
}
