import { useGoBack } from '@kelasku/shared-ui/src/useGoBack';
import { useNumberParam } from '../../../hooks/useNumberParam';
import { CreateAssessment } from './CreateAssessment';
import { exerciseOwner } from '../owners';
import { useCreateExercise } from '../api';

/** /CreateExercise?material_id=: one exercise per material; shows 'Exercise already exists' when there is one. */
export default function CreateExercise() {
  const materialId = useNumberParam('material_id');
  const create = useCreateExercise();
  const goBack = useGoBack(materialId ? `/DetailSubjects?id=${materialId}` : '/DashboardTeacher');
  return (
    <CreateAssessment
      kind="exercise"
      parentId={materialId}
      owner={exerciseOwner}
      create={create}
      body={(fields, id) => ({ ...fields, material_id: id })}
      onBack={goBack}
    />
  );
}
