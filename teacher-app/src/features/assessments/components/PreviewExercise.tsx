import { useTranslation } from 'react-i18next';
import { AssessmentPreview } from './AssessmentPreview';
import { exerciseOwner } from '../owners';

/** /PreviewExercise?material_id=: the exercise with its answer key, Edit, Delete and the grades. */
export default function PreviewExercise() {
  const { t } = useTranslation('teacher');
  return (
    <AssessmentPreview
      owner={exerciseOwner}
      backTo={(materialId) => `/DetailSubjects?id=${materialId}`}
      subtitle={(title) => t('assessments.exercise.subtitle', { title })}
      editPath="/EditExercise"
      gradesParam="exercise_id"
      deleteTitle={t('assessments.exercise.deleteTitle')}
      deleteFailed={t('assessments.exercise.deleteFailed')}
      deleted={t('assessments.exercise.deleted')}
    />
  );
}
