import { useEffect } from 'react';
import { loadExamPage } from '../answering/load-exam-page';
import { prefetchClassExams } from '../answering/exam-prefetch';
import { AssignedClassList } from '../../components/AssignedClassList';
import { PageTitle } from '../../components/PageTitle';

/** Loads the exam screen's code while the student picks a class, so the exam opens without waiting for it. */
function usePreloadExamPage() {
  useEffect(() => {
    const timer = setTimeout(() => void loadExamPage().catch(() => undefined), 300);
    return () => clearTimeout(timer);
  }, []);
}

/** /MyClassesExam: assigned classes leading to each class's exam page. */
export function MyClassesExamPage() {
  usePreloadExamPage();
  return (
    <>
      <PageTitle>My Exams</PageTitle>
      <AssignedClassList linkTo={(c) => `/MyExams?class_id=${c.id}`} actionHint="See exam" onOpening={(c) => prefetchClassExams(c.id)} />
    </>
  );
}
