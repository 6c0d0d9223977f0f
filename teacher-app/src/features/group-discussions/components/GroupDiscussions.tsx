import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { getUserData, type Discussion, type Reply } from '@kelasku/shared-api';
import {
  AnswerForm,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  LoadingState,
  Pagination,
  PlainText,
  RepliesList,
  authorName,
} from '@kelasku/shared-ui';
import { usePageParam } from '@kelasku/shared-ui/src/usePageParam';
import { groupDiscussionsQuery, useRemoveReply, useReply } from '../api';
import { PageTitle } from '@kelasku/shared-ui/src/PageTitle';

/** A reply this teacher wrote (they may remove it; the server decides again). */
const isMine = (reply: Reply, teacherId: number | undefined) =>
  reply.role === 'teacher' && teacherId !== undefined && reply.teacher_id === teacherId;

/** One question with its replies and the teacher's answer box. Texts are plain text as typed. */
function Thread({ discussion, teacherId }: { discussion: Discussion; teacherId: number | undefined }) {
  const { t } = useTranslation('teacher');
  const [text, setText] = useState('');
  const [removing, setRemoving] = useState<Reply | null>(null);
  const reply = useReply();
  const removeReply = useRemoveReply();
  const titleId = `group-discussion-${discussion.id}-title`;
  const replies = discussion.replies ?? [];

  const send = (event: FormEvent) => {
    event.preventDefault();
    const answer = text.trim();
    if (!answer || reply.isPending) return;
    reply.mutate({ id: discussion.id, text: answer }, { onSuccess: () => setText('') });
  };
  const remove = () => {
    if (!removing) return;
    removeReply.mutate({ id: discussion.id, replyId: removing.id }, { onSettled: () => setRemoving(null) });
  };

  return (
    <Paper component="article" aria-labelledby={titleId} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
        {authorName(discussion.student_name)}
      </Typography>
      <PlainText id={titleId} text={discussion.topic} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }} />
      <PlainText text={discussion.description} variant="body2" sx={{ mt: 0.5 }} />
      <RepliesList
        label={t('groupDiscussions.replies', { topic: discussion.topic })}
        empty={t('groupDiscussions.noReplies')}
        replies={replies}
        actionFor={(r) =>
          isMine(r, teacherId) ? (
            <Button
              size="small"
              color="error"
              aria-label={t('groupDiscussions.removeMine')}
              onClick={() => setRemoving(r)}
            >
              {t('groupDiscussions.remove')}
            </Button>
          ) : undefined
        }
      />
      <AnswerForm
        topic={discussion.topic}
        value={text}
        onChange={setText}
        onSubmit={send}
        sending={reply.isPending}
        error={reply.isError ? t('groupDiscussions.sendFailed') : null}
      />
      {removeReply.isError && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {t('groupDiscussions.removeFailed')}
        </Typography>
      )}
      <ConfirmDialog
        open={Boolean(removing)}
        title={t('groupDiscussions.removeTitle')}
        message={t('groupDiscussions.removeConfirm')}
        confirmLabel={t('groupDiscussions.remove')}
        destructive
        busy={removeReply.isPending}
        onConfirm={remove}
        onClose={() => setRemoving(null)}
      />
    </Paper>
  );
}

/** /GroupDiscussions: the school-wide questions of students, newest first, which teachers read and answer. */
export default function GroupDiscussions() {
  const { t } = useTranslation('teacher');
  const [page, setPage] = usePageParam();
  // The previous page's questions stay while the next page loads.
  const list = useQuery({ ...groupDiscussionsQuery(page), placeholderData: keepPreviousData });
  const teacherId = getUserData()?.teacher_id;
  const totalPages = list.data?.meta.totalPage ?? 1;
  return (
    <Box>
      <PageTitle>{t('groupDiscussions.title')}</PageTitle>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        {t('groupDiscussions.intro')}
      </Typography>
      {!list.data ? (
        list.isError ? (
          <ErrorState
            message={t('groupDiscussions.loadFailed')}
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : (
          <LoadingState />
        )
      ) : list.data.discussions.length === 0 ? (
        <EmptyState message={t('groupDiscussions.empty')} />
      ) : (
        <Stack spacing={2}>
          {list.data.discussions.map((d) => (
            <Thread key={d.id} discussion={d} teacherId={teacherId} />
          ))}
        </Stack>
      )}
      {totalPages > 1 && <Pagination currentPage={page} totalPages={totalPages} onPageChange={setPage} />}
    </Box>
  );
}
