import Chip from '@mui/material/Chip';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import type { Reply } from '@kelasku/shared-api';
import { formatReplyTime } from './dates';

/**
 * A discussion text as its author typed it: plain text, never HTML (React escapes it), with the author's line breaks
 * and spaces kept and long words wrapped.
 */
export function PlainText({ text, sx, ...props }: { text: string } & Omit<TypographyProps, 'children'>) {
  return <Typography {...props} sx={[{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }, ...(Array.isArray(sx) ? sx : [sx])]}>{text}</Typography>;
}

export const isTeacherReply = (r: Pick<Reply, 'role'>): boolean => r.role === 'teacher';

/** Who wrote a reply and when; a teacher's answer is marked "Teacher" wherever replies are shown. */
export function ReplyByline({ reply, fallbackName = 'Unknown Student' }: { reply: Pick<Reply, 'name' | 'role' | 'time'>; fallbackName?: string }) {
  const teacher = isTeacherReply(reply);
  const name = (reply.name && reply.name.trim()) || (teacher ? 'Teacher' : fallbackName);
  return (
    <Typography variant="body2" sx={{ fontWeight: 700 }}>
      {name}{' '}
      {teacher && <Chip component="span" size="small" color="primary" label="Teacher" sx={{ height: 20, mr: 0.5, fontWeight: 600 }} />}
      <Typography component="span" variant="caption" color="text.secondary">{formatReplyTime(reply.time)}</Typography>
    </Typography>
  );
}
