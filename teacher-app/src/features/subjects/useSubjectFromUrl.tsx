import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure, LoadingState, NotFoundState } from '@kelasku/shared-ui';
import { materialsApi, type Material } from '@kelasku/shared-api';
import { useAsync } from '../../lib/useAsync';
import { useGoBack } from '../../lib/useGoBack';
import { useNumberParam } from '../../lib/params';

export type SubjectFromUrl =
  | { ready: false; screen: ReactElement }
  | { ready: true; subject: Material; goBack: () => void };

/**
 * The subject named by `?id=` (detail and edit screens, also when opened directly). Until it is there, `screen` is
 * what to show instead: no id, loading, gone (404) or failed with Retry.
 */
export function useSubjectFromUrl(): SubjectFromUrl {
  const { t } = useTranslation('teacher');
  const id = useNumberParam('id');
  const goBack = useGoBack();
  const material = useAsync(() => (id ? materialsApi.detail(id) : Promise.reject(new Error('missing id'))), [id]);

  if (!id) return { ready: false, screen: <NotFoundState message={t('subjects.noneChosen')} backTo="/DashboardTeacher" backLabel={t('subjects.backToDashboard')} /> };
  if (material.loading) return { ready: false, screen: <LoadingState /> };
  if (material.error || !material.data) {
    return {
      ready: false,
      screen: <LoadFailure error={material.error} what={t('subjects.what')} failed={t('subjects.loadFailed')} onRetry={material.reload} backTo="/DashboardTeacher" backLabel={t('subjects.backToDashboard')} />,
    };
  }
  return { ready: true, subject: material.data, goBack };
}
