import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import { errorMessage, type Discussion } from '@kelasku/shared-api';
import { ConfirmDialog, ErrorState, Pagination } from '@kelasku/shared-ui';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { usePageParam } from '@kelasku/shared-ui/src/usePageParam';
import { awaitsData } from '../../lib/query-state';
import { currentStudentId } from '../../lib/student';
import {
  discussionPageQuery,
  useAskQuestion,
  useDeleteQuestion,
  useEditQuestion,
  type DiscussionSource,
} from '../../lib/discussions';
import { DiscussionBoardHeader } from './DiscussionBoardHeader';
import { DiscussionList } from './DiscussionList';
import { QuestionDialog } from './QuestionDialog';

export interface DiscussionBoardProps {
  source: DiscussionSource;
  /** Heading shown above the list (not shown when loading failed and `replaceOnError` is set). */
  heading: ReactNode;
  errorText: string;
  emptyText: string;
  /** The group page shows only the error message in place of the whole page. */
  replaceOnError?: boolean;
  pageSize?: number;
}

/**
 * Paginated discussion questions (the page in the URL) with ask, edit and delete (author only), replies and reports.
 * Used for group and material discussions. After a write the board's pages are asked again; the list on screen
 * stays until the new one is here.
 */
export function DiscussionBoard({
  source,
  heading,
  errorText,
  emptyText,
  replaceOnError = false,
  pageSize = 10,
}: DiscussionBoardProps) {
  const { t } = useTranslation('student');
  const [page, setPage] = usePageParam();
  const [asking, setAsking] = useState(false);
  const [editing, setEditing] = useState<Discussion | null>(null);
  const [deleting, setDeleting] = useState<Discussion | null>(null);
  const studentId = currentStudentId();
  const ask = useAskQuestion(source);
  const edit = useEditQuestion(source);
  const remove = useDeleteQuestion(source);
  // The previous page is kept only for its pager, which stays in place while the next page loads (its rows do not).
  const query = useQuery({ ...discussionPageQuery(source, page, pageSize), placeholderData: keepPreviousData });
  const { data } = query;
  const loading = awaitsData(query) || query.isPlaceholderData;
  const reload = () => void query.refetch();
  // Stable object: the dialog resets its fields whenever `initial` changes.
  const editInitial = useMemo(
    () => (editing ? { topic: editing.topic, description: editing.description } : undefined),
    [editing],
  );

  if (!loading && !data && replaceOnError)
    return <ErrorState message={errorText} error={query.error} onRetry={reload} />;

  const totalPages = data ? (data.meta.totalPage ?? data.meta.totalpages) : 0;
  const confirmDelete = () => {
    if (deleting) remove.mutate(deleting.id, { onSettled: () => setDeleting(null) });
  };
  // Why the last deletion failed (until the next one).
  const deleteReason = remove.error && errorMessage(remove.error);
  const notice =
    remove.error &&
    (deleteReason ? t('discussions.deleteFailedBecause', { reason: deleteReason }) : t('discussions.deleteFailed'));

  return (
    <section aria-label={typeof heading === 'string' ? heading : undefined}>
      <DiscussionBoardHeader heading={heading} onAsk={() => setAsking(true)} />
      {notice && (
        <Typography role="alert" color="error" sx={{ mb: 1 }}>
          {notice}
        </Typography>
      )}
      <DiscussionList
        source={source}
        loading={loading}
        data={data}
        error={query.error}
        errorText={errorText}
        emptyText={emptyText}
        onRetry={reload}
        currentStudentId={studentId}
        onEdit={setEditing}
        onDelete={setDeleting}
      />
      {totalPages > 1 && <Pagination currentPage={page} totalPages={totalPages} onPageChange={setPage} />}

      <QuestionDialog
        open={asking}
        mode="ask"
        onClose={() => setAsking(false)}
        saving={ask.isPending}
        onSave={async (body) => {
          await ask.mutateAsync(body);
          setAsking(false);
          // A new question comes first: show the first page.
          if (page !== 1) setPage(1);
        }}
      />
      <QuestionDialog
        open={Boolean(editing)}
        mode="edit"
        initial={editInitial}
        onClose={() => setEditing(null)}
        saving={edit.isPending}
        onSave={async (body) => {
          if (!editing) return;
          await edit.mutateAsync({ id: editing.id, body });
          setEditing(null);
        }}
      />
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('discussions.delete.title')}
        message={deleting ? t('discussions.delete.message', { topic: deleting.topic }) : ''}
        confirmLabel={t('discussions.delete.confirm')}
        destructive
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
