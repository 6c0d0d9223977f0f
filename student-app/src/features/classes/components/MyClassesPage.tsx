import { useTranslation } from 'react-i18next';
import { AssignedClassList } from '../../../components/AssignedClassList';
import { PageTitle } from '../../../components/PageTitle';

/** /MyClasses: assigned classes; a card opens the class's materials. */
export default function MyClassesPage() {
  const { t } = useTranslation('student');
  return (
    <>
      <PageTitle>{t('classes.title')}</PageTitle>
      <AssignedClassList linkTo={(c) => `/MyDetailClasses/${c.id}`} />
    </>
  );
}
