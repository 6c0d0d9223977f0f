import type { ReactElement } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import { EmptyState, ErrorState, LoadingState } from '@kelasku/shared-ui';
import { useGoBack } from '@kelasku/shared-ui/src/useGoBack';
import { useNumberParam } from '../../../hooks/useNumberParam';
import { MissingId } from '../components/MissingId';
import type { AssessmentOwner } from '../owners';

export type OwnedAssessment<T> =
  | { ready: false; screen: ReactElement }
  | { ready: true; ownerId: number; item: T; ownerName: string; goBack: () => void };

/**
 * Reads the exam or exercise named by the URL and its owner's name. Until both are there, `screen` is what to show
 * instead (no id, loading, error, or none created yet with a link to create one).
 */
export function useOwnedAssessment<T>(
  owner: AssessmentOwner<T>,
  backTo: (ownerId: number) => string,
): OwnedAssessment<T> {
  const { t } = useTranslation('teacher');
  const ownerId = useNumberParam(owner.param);
  const goBack = useGoBack(ownerId ? backTo(ownerId) : '/DashboardTeacher');
  const item = useQuery({ ...owner.query(ownerId ?? 0), enabled: ownerId != null });
  const ownerName = useQuery({ ...owner.nameQuery(ownerId ?? 0), enabled: ownerId != null });

  if (!ownerId) return { ready: false, screen: <MissingId what={t(owner.ownerWord)} onBack={goBack} /> };
  if (item.data === undefined) {
    if (!item.isError) return { ready: false, screen: <LoadingState /> };
    return {
      ready: false,
      screen: <ErrorState message={t(owner.fetchError)} error={item.error} onRetry={() => void item.refetch()} />,
    };
  }
  if (ownerName.data === undefined) return { ready: false, screen: <LoadingState /> };
  if (!item.data) {
    const create = `${owner.createPath}?${owner.param}=${ownerId}`;
    return {
      ready: false,
      screen: (
        <EmptyState
          message={t(owner.noneYet)}
          action={
            <Button variant="contained" component={RouterLink} to={create}>
              {t(owner.createLabel)}
            </Button>
          }
        />
      ),
    };
  }
  return { ready: true, ownerId, item: item.data, ownerName: ownerName.data, goBack };
}
