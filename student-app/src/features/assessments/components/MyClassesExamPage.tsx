import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { loadExamPage } from '../../../lib/load-exam-page';
import { prefetchClassExams } from '../../../lib/exam-prefetch';
import { AssignedClassList } from '../../../components/AssignedClassList';
import { PageTitle } from '../../../components/PageTitle';

/** Loads the exam screen's code while the student picks a class, so the exam opens without waiting for it. */
function usePreloadExamPage() {
  useEffect(() => {
    const timer = setTimeout(() => void loadExamPage().catch(() => undefined), 300);
    return () => clearTimeout(timer);
  }, []);
}

/** /MyClassesExam: assigned classes leading to each class's exam page. */
export default function MyClassesExamPage() {
  const { t } = useTranslation('student');
  usePreloadExamPage();
  return (
    <>
      <PageTitle>{t('exams.title')}</PageTitle>
      <AssignedClassList
        linkTo={(c) => `/MyExams?class_id=${c.id}`}
        actionHint={t('exams.seeExam')}
        onOpening={(c) => prefetchClassExams(c.id)}
      />
    </>
  );
}
