import { AssignedClassList } from '../../components/AssignedClassList';
import { PageTitle } from '../../components/PageTitle';

/** /MyClassesExam: assigned classes leading to each class's exam page. */
export function MyClassesExamPage() {
  return (
    <>
      <PageTitle>My Exams</PageTitle>
      <AssignedClassList linkTo={(c) => `/MyExams?class_id=${c.id}`} actionHint="See exam" />
    </>
  );
}
