import type { FormEvent, ReactNode } from 'react';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import SendIcon from '@mui/icons-material/Send';
import type { Reply } from '@kelasku/shared-api';
import { formatReplyTime } from './dates';
import { sxItems } from './sx';

/**
 * A discussion text as its author typed it: plain text, never HTML (React escapes it), with the author's line breaks
 * and spaces kept and long words wrapped.
 */
export function PlainText({ text, sx, ...props }: { text: string } & Omit<TypographyProps, 'children'>) {
  return (
    <Typography {...props} sx={[{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }, ...sxItems(sx)]}>
      {text}
    </Typography>
  );
}

export const isTeacherReply = (r: Pick<Reply, 'role'>): boolean => r.role === 'teacher';

/** Who wrote a reply and when; a teacher's answer is marked "Teacher" wherever replies are shown. */
export function ReplyByline({
  reply,
  fallbackName,
}: {
  reply: Pick<Reply, 'name' | 'role' | 'time'>;
  fallbackName?: string;
}) {
  const { t } = useTranslation('common');
  const teacher = isTeacherReply(reply);
  const name =
    (reply.name && reply.name.trim()) ||
    (teacher ? t('discussions.teacher') : (fallbackName ?? t('discussions.unknownStudent')));
  return (
    <Typography variant="body2" sx={{ fontWeight: 700 }}>
      {name}{' '}
      {teacher && (
        <Chip
          component="span"
          size="small"
          color="primary"
          label={t('discussions.teacher')}
          sx={{ height: 20, mr: 0.5, fontWeight: 600 }}
        />
      )}
      <Typography component="span" variant="caption" color="text.secondary">
        {formatReplyTime(reply.time)}
      </Typography>
    </Typography>
  );
}

/** A question's or reply's author as shown: their name, or "Unknown Student" (in the active language) when it is blank. */
export const authorName = (name: string | undefined | null): string =>
  (name && name.trim()) || i18next.t('common:discussions.unknownStudent');

/** One reply in a question's list of replies: who and when, what may be done with it (`action`), the text. */
export function ReplyItem({
  reply,
  action,
}: {
  reply: Pick<Reply, 'name' | 'role' | 'time' | 'reply'>;
  action?: ReactNode;
}) {
  return (
    <Box component="li" sx={{ py: 1, '& + &': { borderTop: 1, borderColor: 'divider' } }}>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}
      >
        <ReplyByline reply={reply} />
        {action}
      </Stack>
      <PlainText text={reply.reply} variant="body2" />
    </Box>
  );
}

/**
 * A question's replies as a list named `label` (`empty` when there are none), each with what this reader may do with
 * it (`actionFor`). `scrolling`: at most ~13rem tall, scrolled by keyboard too (the student's cards).
 */
export function RepliesList({
  label,
  empty,
  replies,
  actionFor,
  id,
  scrolling = false,
}: {
  label: string;
  empty: string;
  replies: Reply[];
  actionFor: (reply: Reply) => ReactNode;
  id?: string;
  scrolling?: boolean;
}) {
  return (
    <Box
      id={id}
      component="ul"
      aria-label={label}
      tabIndex={scrolling ? 0 : undefined}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        mt: 1,
        borderLeft: 3,
        borderColor: 'divider',
        pl: 1.5,
        ...(scrolling ? { maxHeight: '13rem', overflowY: 'auto' } : {}),
      }}
    >
      {replies.length === 0 && (
        <Typography component="li" variant="body2" color="text.secondary">
          {empty}
        </Typography>
      )}
      {replies.map((r, index) => (
        <ReplyItem key={r.id ?? index} reply={r} action={actionFor(r)} />
      ))}
    </Box>
  );
}

/** The "Write an Answer" box under a question; `error` shows under the field. */
export function AnswerForm({
  topic,
  value,
  onChange,
  onSubmit,
  sending,
  error,
}: {
  topic: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (event: FormEvent) => void;
  sending: boolean;
  error?: string | null;
}) {
  const { t } = useTranslation('common');
  return (
    <Box component="form" onSubmit={onSubmit} sx={{ display: 'flex', gap: 1, mt: 1.5, alignItems: 'flex-start' }}>
      <TextField
        size="small"
        fullWidth
        placeholder={t('discussions.answerPlaceholder')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        slotProps={{ htmlInput: { 'aria-label': t('discussions.answerLabel', { topic }) } }}
        error={Boolean(error)}
        helperText={error ?? undefined}
      />
      <IconButton type="submit" color="primary" aria-label={t('discussions.send')} disabled={!value.trim() || sending}>
        <SendIcon />
      </IconButton>
    </Box>
  );
}
