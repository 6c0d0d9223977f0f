import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import { MAX_REPORT_REASON_BYTES, overBytes } from '@kelasku/shared-rules';
import { ConfirmDialog } from '@kelasku/shared-ui';
import { useReport } from '../../lib/discussions';

export interface ReportButtonProps {
  kind: 'general' | 'material';
  discussionId: number;
  replyId?: string;
  /** What is reported, for screen readers: 'question "Topic"' or 'reply by Name'. */
  what: string;
}

/**
 * Reports a post or reply to the admins once, after a confirmation with an optional reason; afterwards it shows a
 * disabled 'Reported'.
 */
export function ReportButton({ kind, discussionId, replyId, what }: ReportButtonProps) {
  const { t } = useTranslation('student');
  const sending = useReport();
  const state = sending.isSuccess ? 'reported' : sending.isPending ? 'sending' : sending.isError ? 'failed' : 'idle';
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonTooLarge, setReasonTooLarge] = useState(false);
  const report = () => {
    const why = reason.trim();
    sending.mutate(
      { kind, discussion_id: discussionId, ...(replyId ? { reply_id: replyId } : {}), ...(why ? { reason: why } : {}) },
      { onSettled: () => setAsking(false) },
    );
  };
  if (state === 'reported') {
    return (
      <Button size="small" disabled startIcon={<FlagOutlined />} aria-label={t('report.reportedLabel', { what })}>
        {t('report.reported')}
      </Button>
    );
  }
  return (
    <>
      <Button
        size="small"
        color={state === 'failed' ? 'error' : 'inherit'}
        startIcon={<FlagOutlined />}
        onClick={() => setAsking(true)}
        disabled={state === 'sending'}
        aria-label={t('report.reportLabel', { what })}
        title={state === 'failed' ? t('report.failed') : undefined}
      >
        {state === 'failed' ? t('report.failed') : t('report.report')}
      </Button>
      <ConfirmDialog
        open={asking}
        title={replyId ? t('report.confirm.titleReply') : t('report.confirm.titleQuestion')}
        message={
          <>
            {t('report.confirm.message')}
            <TextField
              label={t('report.confirm.reason')}
              value={reason}
              // Past the server's cap the text is not taken (as a maxLength would), and the reason is shown.
              onChange={(e) => {
                const over = overBytes(e.target.value, MAX_REPORT_REASON_BYTES);
                setReasonTooLarge(over);
                if (!over) setReason(e.target.value);
              }}
              error={reasonTooLarge}
              helperText={
                reasonTooLarge ? t('report.confirm.reasonTooLarge', { limit: MAX_REPORT_REASON_BYTES }) : undefined
              }
              fullWidth
              multiline
              minRows={2}
              margin="normal"
            />
          </>
        }
        confirmLabel={t('report.report')}
        destructive
        busy={state === 'sending'}
        onConfirm={report}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
