import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { formatNumber } from '@kelasku/shared-ui/src/numbers';
import type { AssessmentKind } from '../../../lib/query-keys';
import { gradedCountQuery } from '../api';

/** "N submissions will be re-graded": shown in an edit form when students have already submitted. */
export function RegradeNotice({ kind, id }: { kind: AssessmentKind; id: number }) {
  const { t } = useTranslation('teacher');
  // A failed count only loses the notice; saving re-grades either way.
  const count = useQuery(gradedCountQuery(kind, id)).data?.count ?? 0;
  if (count <= 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {t('assessments.regrade.notice', { count, formatted: formatNumber(count) })}
    </Alert>
  );
}
