import { examsApi } from '@kelasku/shared-api';
import { useGoBack } from '../../lib/useGoBack';
import { useNumberParam } from '../../lib/params';
import { CreateAssessment } from './CreateAssessment';
import { className, loadExam } from './data';
import { defaultSchedule, scheduleToTimes } from './schedule';

/** /CreateExam?class_id=: one exam per class, scheduled on a WIB date and time window. */
export default function CreateExam() {
  const classId = useNumberParam('class_id');
  const goBack = useGoBack(classId ? `/ManageTaskExam?class_id=${classId}` : '/DashboardTeacher');
  return (
    <CreateAssessment
      kind="exam"
      parentId={classId}
      load={(id) => Promise.all([loadExam(id), className(id)])}
      extraInitial={{ schedule: defaultSchedule() }}
      create={(fields, id, values) => examsApi.create({ ...fields, class_id: id, ...scheduleToTimes(values.schedule ?? defaultSchedule()) })}
      onBack={goBack}
    />
  );
}
