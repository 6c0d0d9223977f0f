import { AssignedClassList } from '../../components/AssignedClassList';
import { PageTitle } from '../../components/PageTitle';

/** /MyClassesTask: assigned classes leading to each class's task list. */
export function MyClassesTaskPage() {
  return (
    <>
      <PageTitle>My Tasks</PageTitle>
      <AssignedClassList linkTo={(c) => `/MyDetailClassesTask/${c.id}`} actionHint="See tasks" />
    </>
  );
}
