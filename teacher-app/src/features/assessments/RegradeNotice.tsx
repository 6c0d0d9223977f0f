import Alert from '@mui/material/Alert';
import { useAsync } from '../../lib/useAsync';

/** "N submissions will be re-graded": shown in an edit form when students have already submitted. */
export function RegradeNotice({ load }: { load: () => Promise<{ count: number }> }) {
  // A failed count only loses the notice; saving re-grades either way.
  const count = useAsync(load, []).data?.count ?? 0;
  if (count <= 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {count === 1 ? '1 submission will be re-graded' : `${count} submissions will be re-graded`} when you save: answers
      are checked against the new answer key and automatic essay scores are renewed. Essay scores you set are kept.
    </Alert>
  );
}
