import { exercisesApi } from '@kelasku/shared-api';
import { useGoBack } from '../../lib/useGoBack';
import { useNumberParam } from '../../lib/params';
import { CreateAssessment } from './CreateAssessment';
import { loadExercise, subjectTitle } from './data';

/** /CreateExercise?material_id=: one exercise per material; shows 'Exercise already exists' when there is one. */
export default function CreateExercise() {
  const materialId = useNumberParam('material_id');
  const goBack = useGoBack(materialId ? `/DetailSubjects?id=${materialId}` : '/DashboardTeacher');
  return (
    <CreateAssessment
      kind="exercise"
      parentId={materialId}
      load={(id) => Promise.all([loadExercise(id), subjectTitle(id)])}
      create={(fields, id) => exercisesApi.create({ ...fields, material_id: id })}
      onBack={goBack}
    />
  );
}
