import { exercisesApi } from '@kelasku/shared-api';
import { useGoBack } from '../../../hooks/useGoBack';
import { useNumberParam } from '../../../hooks/useNumberParam';
import { CreateAssessment } from './CreateAssessment';
import { exerciseOwner } from '../owners';

/** /CreateExercise?material_id=: one exercise per material; shows 'Exercise already exists' when there is one. */
export default function CreateExercise() {
  const materialId = useNumberParam('material_id');
  const goBack = useGoBack(materialId ? `/DetailSubjects?id=${materialId}` : '/DashboardTeacher');
  return (
    <CreateAssessment
      kind="exercise"
      parentId={materialId}
      owner={exerciseOwner}
      create={(fields, id) => exercisesApi.create({ ...fields, material_id: id })}
      onBack={goBack}
    />
  );
}
