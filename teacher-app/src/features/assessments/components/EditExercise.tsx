import { useTranslation } from 'react-i18next';
import { buildContent, getUserData, parseQuestions } from '@kelasku/shared-api';
import { AssessmentForm, shuffleFields, type AssessmentValues } from './AssessmentForm';
import { firstQuestions } from '../question-rules';
import { RegradeNotice } from './RegradeNotice';
import { useOwnedAssessment } from '../hooks/useOwnedAssessment';
import { editOutcome, exerciseOwner } from '../owners';
import { useUpdateExercise } from '../api';

/** /EditExercise?material_id=: edits the material's exercise. */
export default function EditExercise() {
  const { t } = useTranslation('teacher');
  const update = useUpdateExercise();
  const loaded = useOwnedAssessment(exerciseOwner, (materialId) => `/PreviewExercise?material_id=${materialId}`);
  if (!loaded.ready) return loaded.screen;
  const { ownerId: materialId, item: exercise, ownerName: title, goBack } = loaded;
  const questions = parseQuestions(exercise.content);

  const save = (values: AssessmentValues, saved: () => void) =>
    update.mutate(
      {
        id: exercise.id,
        body: {
          title: values.title.trim(),
          material_id: materialId,
          content: buildContent(values.questions),
          teacher_id: getUserData()?.teacher_id ?? exercise.teacher_id,
          ...shuffleFields(values),
        },
      },
      editOutcome(saved, goBack),
    );

  return (
    <AssessmentForm
      kind="exercise"
      heading={t('assessments.exercise.editHeading')}
      subheading={title ? t('assessments.subheading.subject', { name: title }) : undefined}
      initial={{
        title: exercise.title,
        questions: questions.length ? questions : firstQuestions(),
        shuffleQuestions: Boolean(exercise.shuffle_questions),
        shuffleOptions: Boolean(exercise.shuffle_options),
      }}
      submitLabel={t('assessments.exercise.save')}
      draftKey={`edit-exercise:${exercise.id}`}
      onSubmit={save}
      saving={update.isPending}
      notice={<RegradeNotice kind="exercise" id={exercise.id} />}
    />
  );
}
