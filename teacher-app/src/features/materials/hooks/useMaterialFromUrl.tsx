import type { ReactElement } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadFailure, LoadingState, NotFoundState } from '@kelasku/shared-ui';
import type { Material } from '@kelasku/shared-api';
import { useGoBack } from '@kelasku/shared-ui/src/useGoBack';
import { useNumberParam } from '../../../hooks/useNumberParam';
import { materialQuery } from '../api';

export type MaterialFromUrl =
  { ready: false; screen: ReactElement } | { ready: true; subject: Material; goBack: () => void };

/**
 * The subject named by `?id=` (detail and edit screens, also when opened directly). Until it is there, `screen` is
 * what to show instead: no id, loading, gone (404) or failed with Retry.
 */
export function useMaterialFromUrl(): MaterialFromUrl {
  const { t } = useTranslation('teacher');
  const id = useNumberParam('id');
  const goBack = useGoBack('/DashboardTeacher');
  const material = useQuery({ ...materialQuery(id ?? 0), enabled: id != null });

  if (!id)
    return {
      ready: false,
      screen: (
        <NotFoundState
          message={t('subjects.noneChosen')}
          backTo="/DashboardTeacher"
          backLabel={t('subjects.backToDashboard')}
        />
      ),
    };
  if (!material.data) {
    if (!material.isError) return { ready: false, screen: <LoadingState /> };
    return {
      ready: false,
      screen: (
        <LoadFailure
          error={material.error}
          what={t('subjects.what')}
          failed={t('subjects.loadFailed')}
          onRetry={() => void material.refetch()}
          backTo="/DashboardTeacher"
          backLabel={t('subjects.backToDashboard')}
        />
      ),
    };
  }
  return { ready: true, subject: material.data, goBack };
}
