import { useGoBack } from '@kelasku/shared-ui/src/useGoBack';
import { useNumberParam } from '../../../hooks/useNumberParam';
import { CreateAssessment } from './CreateAssessment';
import { examTermBody, type ExamTermValues } from './ExamTermFields';

/** A new exam: a daily test whose answers stay hidden after it, unless the teacher says otherwise. */
const NEW_EXAM_TERM: ExamTermValues = { kind: 'daily', kindLabel: '', showAnswers: false };
import { examOwner } from '../owners';
import { useCreateExam } from '../api';
import { defaultSchedule, scheduleToTimes } from '../schedule';

/** /CreateExam?class_id=: one exam per class, scheduled on a WIB date and time window. */
export default function CreateExam() {
  const classId = useNumberParam('class_id');
  const create = useCreateExam();
  const goBack = useGoBack(classId ? `/ManageTaskExam?class_id=${classId}` : '/DashboardTeacher');
  return (
    <CreateAssessment
      kind="exam"
      parentId={classId}
      owner={examOwner}
      extraInitial={{ schedule: defaultSchedule(), term: NEW_EXAM_TERM }}
      create={create}
      body={(fields, id, values) => ({
        ...fields,
        class_id: id,
        ...scheduleToTimes(values.schedule ?? defaultSchedule()),
        ...examTermBody(values.term ?? NEW_EXAM_TERM),
      })}
      onBack={goBack}
    />
  );
}
