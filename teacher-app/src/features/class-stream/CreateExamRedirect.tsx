import { Navigate, useSearchParams } from 'react-router-dom';
import { ErrorState } from '@kelasku/shared-ui';
import { parsePositiveInt } from '../../lib/params';
import { useGoBack } from '../../lib/useGoBack';

/** /create-exam?class_id= (the class stream's Create → Exam) is the exam flow of that class. */
export default function CreateExamRedirect() {
  const [params] = useSearchParams();
  const classId = parsePositiveInt(params.get('class_id'));
  const goBack = useGoBack();
  if (!classId) return <ErrorState message="No class was chosen." onRetry={goBack} retryLabel="Go Back" />;
  return <Navigate to={`/CreateExam?class_id=${classId}`} replace />;
}
