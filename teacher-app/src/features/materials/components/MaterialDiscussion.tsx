import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState, ErrorState, LoadingState, Pagination } from '@kelasku/shared-ui';
import { usePageParam } from '@kelasku/shared-ui/src/usePageParam';
import { discussionKeys } from '../../../lib/query-keys';
import { DiscussionThread } from '../../../components/DiscussionThread';
import { materialDiscussionsQuery } from '../api';

/** A material's discussion on the teacher's subject page: students' questions, newest first, to answer or remove. */
export function MaterialDiscussion({ materialId }: { materialId: number }) {
  const { t } = useTranslation('teacher');
  const queryClient = useQueryClient();
  const [page, setPage] = usePageParam();
  // The previous page's questions stay while the next page loads.
  const list = useQuery({ ...materialDiscussionsQuery(materialId, page), placeholderData: keepPreviousData });
  const totalPages = list.data ? (list.data.meta.totalPage ?? list.data.meta.totalpages ?? 1) : 1;
  return (
    <Box component="section" aria-labelledby="material-discussion" sx={{ mt: 4 }}>
      <Typography id="material-discussion" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
        {t('subjects.discussion.title')}
      </Typography>
      {!list.data ? (
        list.isError ? (
          <ErrorState
            message={t('subjects.discussion.loadFailed')}
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : (
          <LoadingState />
        )
      ) : list.data.discussions.length === 0 ? (
        <EmptyState message={t('subjects.discussion.empty')} />
      ) : (
        <Stack spacing={2}>
          {list.data.discussions.map((d) => (
            <DiscussionThread
              key={d.id}
              discussion={d}
              onRemoved={() => void queryClient.invalidateQueries({ queryKey: discussionKeys.all })}
            />
          ))}
        </Stack>
      )}
      {totalPages > 1 && <Pagination currentPage={page} totalPages={totalPages} onPageChange={setPage} />}
    </Box>
  );
}
