import { exercisesApi } from '@kelasku/shared-api';
import { AssessmentPreview } from './AssessmentPreview';
import { exerciseOwner } from './ownedAssessment';

/** /PreviewExercise?material_id=: the exercise with its answer key, Edit, Delete and the grades. */
export default function PreviewExercise() {
  return (
    <AssessmentPreview
      owner={exerciseOwner}
      backTo={(materialId) => `/DetailSubjects?id=${materialId}`}
      remove={(id) => exercisesApi.remove(id)}
      subtitle={(title) => `Exercise for ${title}`}
      editPath="/EditExercise"
      gradesParam="exercise_id"
      deleteTitle="Delete Exercise"
      deleteFailed="Error deleting exercise"
      deleted="Successfully deleted exercise"
      students={(id) => exercisesApi.submissions(id)}
    />
  );
}
