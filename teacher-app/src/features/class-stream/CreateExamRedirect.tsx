import { Navigate, useSearchParams } from 'react-router-dom';
import { NotFoundState } from '@kelasku/shared-ui';
import { parsePositiveInt } from '../../lib/params';

/** /create-exam?class_id= (the class stream's Create → Exam) is the exam flow of that class. */
export default function CreateExamRedirect() {
  const [params] = useSearchParams();
  const classId = parsePositiveInt(params.get('class_id'));
  if (!classId) return <NotFoundState message="No class was chosen." backTo="/DashboardTeacher" backLabel="Back to Dashboard" />;
  return <Navigate to={`/CreateExam?class_id=${classId}`} replace />;
}
