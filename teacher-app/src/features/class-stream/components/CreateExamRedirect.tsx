import { Navigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { NotFoundState } from '@kelasku/shared-ui';
import { parsePositiveInt } from '../../../lib/params';

/** /create-exam?class_id= (the class stream's Create → Exam) is the exam flow of that class. */
export default function CreateExamRedirect() {
  const { t } = useTranslation('teacher');
  const [params] = useSearchParams();
  const classId = parsePositiveInt(params.get('class_id'));
  if (!classId)
    return (
      <NotFoundState
        message={t('classStream.noneChosen')}
        backTo="/DashboardTeacher"
        backLabel={t('classStream.backToDashboard')}
      />
    );
  return <Navigate to={`/CreateExam?class_id=${classId}`} replace />;
}
