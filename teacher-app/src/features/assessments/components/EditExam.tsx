import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { buildContent, getUserData, parseQuestions } from '@kelasku/shared-api';
import { AssessmentForm, shuffleFields, type AssessmentValues } from './AssessmentForm';
import { firstQuestions } from '../question-rules';
import { RegradeNotice } from './RegradeNotice';
import { examTermBody } from './ExamTermFields';
import { isExamKind } from '@kelasku/shared-rules/src/exam-kinds';
import { useOwnedAssessment } from '../hooks/useOwnedAssessment';
import { editOutcome, examOwner } from '../owners';
import { useUpdateExam } from '../api';
import { scheduleFromExam, scheduleToTimes } from '../schedule';

/** /EditExam?class_id=: edits the class's exam (the spec reuses the exercise update texts here). */
export default function EditExam() {
  const { t } = useTranslation('teacher');
  const update = useUpdateExam();
  const loaded = useOwnedAssessment(examOwner, (classId) => `/PreviewAnExam?class_id=${classId}`);
  if (!loaded.ready) return loaded.screen;
  const { ownerId: classId, item: exam, ownerName: name, goBack } = loaded;
  const questions = parseQuestions(exam.content);

  const save = (values: AssessmentValues, saved: () => void) => {
    const { schedule } = values;
    if (!schedule) return;
    update.mutate(
      {
        id: exam.id,
        body: {
          title: values.title.trim(),
          class_id: classId,
          content: buildContent(values.questions),
          teacher_id: getUserData()?.teacher_id ?? exam.teacher_id,
          ...scheduleToTimes(schedule),
          ...shuffleFields(values),
          ...(values.term ? examTermBody(values.term) : {}),
        },
      },
      editOutcome(saved, goBack),
    );
  };

  return (
    <>
      {exam.status !== 'Scheduled' && (
        <Alert severity="warning" sx={{ mb: 2, maxWidth: 960 }}>
          {exam.status === 'Active' ? t('assessments.edit.examStarted') : t('assessments.edit.examEnded')}
        </Alert>
      )}
      <AssessmentForm
        kind="exam"
        heading={t('assessments.exam.editHeading')}
        subheading={name ? t('assessments.subheading.class', { name }) : undefined}
        initial={{
          title: exam.title,
          questions: questions.length ? questions : firstQuestions(),
          schedule: scheduleFromExam(exam),
          shuffleQuestions: Boolean(exam.shuffle_questions),
          shuffleOptions: Boolean(exam.shuffle_options),
          term: {
            kind: isExamKind(exam.kind) ? exam.kind : 'daily',
            kindLabel: exam.kind_label ?? '',
            showAnswers: Boolean(exam.show_answers),
          },
        }}
        submitLabel={t('assessments.exam.save')}
        draftKey={`edit-exam:${exam.id}`}
        onSubmit={save}
        saving={update.isPending}
        notice={<RegradeNotice kind="exam" id={exam.id} />}
      />
    </>
  );
}
