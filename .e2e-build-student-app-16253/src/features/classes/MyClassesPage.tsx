import { AssignedClassList } from '../../components/AssignedClassList';
import { PageTitle } from '../../components/PageTitle';

/** /MyClasses: assigned classes; a card opens the class's materials. */
export function MyClassesPage() {
  return (
    <>
      <PageTitle>My Classes</PageTitle>
      <AssignedClassList linkTo={(c) => `/MyDetailClasses/${c.id}`} />
    </>
  );
}
