import Stack from '@mui/material/Stack';
import type { Discussion, Page } from '@kelasku/shared-api';
import { EmptyState, ErrorState, LoadingState } from '@kelasku/shared-ui';
import type { DiscussionSource } from '../../lib/discussions';
import { DiscussionCard } from './DiscussionCard';

export interface DiscussionListProps {
  source: DiscussionSource;
  /** The page's questions: none while `loading`, nor when the read failed. */
  loading: boolean;
  data: Page<'discussions', Discussion> | undefined;
  error: Error | null;
  errorText: string;
  emptyText: string;
  onRetry: () => void;
  currentStudentId: number | undefined;
  onEdit: (d: Discussion) => void;
  onDelete: (d: Discussion) => void;
}

/** One page of a board's questions, each a card, or why there is none (loading, failed, no question yet). */
export function DiscussionList({
  source,
  loading,
  data,
  error,
  errorText,
  emptyText,
  onRetry,
  currentStudentId,
  onEdit,
  onDelete,
}: DiscussionListProps) {
  if (loading) return <LoadingState />;
  if (!data) return <ErrorState message={errorText} error={error} onRetry={onRetry} />;
  if (data.discussions.length === 0) return <EmptyState message={emptyText} />;
  return (
    <Stack spacing={2}>
      {data.discussions.map((d) => (
        <DiscussionCard
          key={`${d.id}-${d.topic}-${d.description}`}
          discussion={d}
          source={source}
          currentStudentId={currentStudentId}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      ))}
    </Stack>
  );
}
