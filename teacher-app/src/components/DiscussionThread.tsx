import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Discussion, Reply } from '@kelasku/shared-api';
import { AnswerForm, ConfirmDialog, PlainText, RepliesList, authorName } from '@kelasku/shared-ui';
import { useDiscussionActions } from '../hooks/useDiscussionActions';

type Removal = { kind: 'question' } | { kind: 'reply'; reply: Reply };

/** The thread as last read, the answer being typed, the removal being confirmed, and the writes that change them. */
function useThreadState(initial: Discussion, onRemoved: (id: number) => void) {
  const { t } = useTranslation('teacher');
  const [discussion, setDiscussion] = useState(initial);
  const { reply, removeReply, removeQuestion } = useDiscussionActions(discussion.id);
  const [text, setText] = useState('');
  const [removing, setRemoving] = useState<Removal | null>(null);
  // One failure is shown at a time: each action forgets the others' failures when it starts.
  const failure = reply.error
    ? t('subjects.discussion.sendFailed')
    : removeQuestion.error
      ? t('subjects.discussion.removeQuestionFailed')
      : removeReply.error
        ? t('subjects.discussion.removeReplyFailed')
        : null;
  const forgetFailures = () =>
    [reply, removeReply, removeQuestion].forEach((m) => {
      if (!m.isPending) m.reset();
    });

  const send = (event: FormEvent) => {
    event.preventDefault();
    const answer = text.trim();
    if (!answer || reply.isPending) return;
    forgetFailures();
    reply.mutate(answer, {
      onSuccess: (changed) => {
        setDiscussion(changed);
        setText('');
      },
    });
  };

  const remove = () => {
    if (!removing) return;
    forgetFailures();
    const closeDialog = () => setRemoving(null);
    if (removing.kind === 'question') {
      removeQuestion.mutate(undefined, { onSuccess: () => onRemoved(discussion.id), onSettled: closeDialog });
    } else {
      removeReply.mutate(removing.reply.id, { onSuccess: setDiscussion, onSettled: closeDialog });
    }
  };

  return {
    discussion,
    text,
    setText,
    sending: reply.isPending,
    send,
    failure,
    removing,
    setRemoving,
    removingBusy: removeQuestion.isPending || removeReply.isPending,
    remove,
  };
}

/** Who asked, the topic (with its material), and removing the whole question. */
function ThreadHeading({
  discussion,
  titleId,
  materialTitle,
  onRemove,
}: {
  discussion: Discussion;
  titleId: string;
  materialTitle?: string;
  onRemove: () => void;
}) {
  const { t } = useTranslation('teacher');
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      sx={{ justifyContent: 'space-between', alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
          {authorName(discussion.student_name)}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <PlainText id={titleId} text={discussion.topic} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }} />
          {materialTitle && <Chip size="small" label={materialTitle} />}
        </Stack>
      </Box>
      <Button size="small" color="error" onClick={onRemove}>
        {t('subjects.discussion.removeQuestion')}
      </Button>
    </Stack>
  );
}

/** Every reply, each with its remove button. */
function ReplyList({ discussion, onRemove }: { discussion: Discussion; onRemove: (reply: Reply) => void }) {
  const { t } = useTranslation('teacher');
  return (
    <RepliesList
      label={t('subjects.discussion.replies', { topic: discussion.topic })}
      empty={t('subjects.discussion.noReplies')}
      replies={discussion.replies ?? []}
      actionFor={(r) => (
        <Button
          size="small"
          color="error"
          aria-label={t('subjects.discussion.removeReplyBy', {
            name: r.name || t('subjects.discussion.unknownStudent'),
          })}
          onClick={() => onRemove(r)}
        >
          {t('subjects.discussion.remove')}
        </Button>
      )}
    />
  );
}

/** The confirmation before the question or one reply is removed. */
function RemovalDialog({
  topic,
  removing,
  busy,
  onConfirm,
  onClose,
}: {
  topic: string;
  removing: Removal | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('teacher');
  return (
    <ConfirmDialog
      open={Boolean(removing)}
      title={
        removing?.kind === 'reply'
          ? t('subjects.discussion.removeReplyTitle')
          : t('subjects.discussion.removeQuestionTitle')
      }
      message={
        removing?.kind === 'reply'
          ? t('subjects.discussion.removeReplyConfirm', {
              name: removing.reply.name || t('subjects.discussion.unknownStudent'),
            })
          : t('subjects.discussion.removeQuestionConfirm', { topic })
      }
      confirmLabel={t('subjects.discussion.remove')}
      destructive
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}

/**
 * One student question on a material, as its class's teacher sees it: every reply, an answer box, and removing the
 * question or any reply (after confirmation). Texts are plain text as typed.
 */
export function DiscussionThread({
  discussion: initial,
  materialTitle,
  onRemoved,
}: {
  discussion: Discussion;
  materialTitle?: string;
  onRemoved: (id: number) => void;
}) {
  const thread = useThreadState(initial, onRemoved);
  const { discussion } = thread;
  const titleId = `discussion-${discussion.id}-title`;
  return (
    <Paper component="article" aria-labelledby={titleId} variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }}>
      <ThreadHeading
        discussion={discussion}
        titleId={titleId}
        materialTitle={materialTitle}
        onRemove={() => thread.setRemoving({ kind: 'question' })}
      />
      <PlainText text={discussion.description} variant="body2" sx={{ mt: 0.5 }} />

      <ReplyList discussion={discussion} onRemove={(reply) => thread.setRemoving({ kind: 'reply', reply })} />

      <AnswerForm
        topic={discussion.topic}
        value={thread.text}
        onChange={thread.setText}
        onSubmit={thread.send}
        sending={thread.sending}
      />
      {thread.failure && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {thread.failure}
        </Typography>
      )}

      <RemovalDialog
        topic={discussion.topic}
        removing={thread.removing}
        busy={thread.removingBusy}
        onConfirm={thread.remove}
        onClose={() => thread.setRemoving(null)}
      />
    </Paper>
  );
}
