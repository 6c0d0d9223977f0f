import { useTranslation } from 'react-i18next';
import { NotFoundState } from '@kelasku/shared-ui';

/** Opened without the id it needs in the URL: says what is missing and links back to the dashboard. */
export function MissingId({ what }: { what: string; onBack?: () => void }) {
  const { t } = useTranslation('teacher');
  return (
    <NotFoundState
      message={t('assessments.missingId', { what })}
      backTo="/DashboardTeacher"
      backLabel={t('assessments.backToDashboard')}
    />
  );
}
