import { useState } from 'react';
import { Button } from '@mui/material';
import FlagOutlined from '@mui/icons-material/FlagOutlined';
import { errorStatus, reportsApi } from '@kelasku/shared-api';

export interface ReportButtonProps {
  kind: 'general' | 'material';
  discussionId: number;
  replyId?: string;
  /** What is reported, for screen readers: 'question "Topic"' or 'reply by Name'. */
  what: string;
}

/** Reports a post or reply to the admins once; afterwards it shows a disabled 'Reported'. */
export function ReportButton({ kind, discussionId, replyId, what }: ReportButtonProps) {
  const [state, setState] = useState<'idle' | 'sending' | 'reported' | 'failed'>('idle');
  const report = async () => {
    setState('sending');
    try {
      await reportsApi.create({ kind, discussion_id: discussionId, ...(replyId ? { reply_id: replyId } : {}) });
      setState('reported');
    } catch (err) {
      // 409: this student already reported it, which is the state we want to show.
      setState(errorStatus(err) === 409 ? 'reported' : 'failed');
    }
  };
  if (state === 'reported') {
    return (
      <Button size="small" disabled startIcon={<FlagOutlined />} aria-label={`Reported ${what}`}>
        Reported
      </Button>
    );
  }
  return (
    <Button
      size="small"
      color={state === 'failed' ? 'error' : 'inherit'}
      startIcon={<FlagOutlined />}
      onClick={report}
      disabled={state === 'sending'}
      aria-label={`Report ${what}`}
      title={state === 'failed' ? 'Report failed, try again' : undefined}
    >
      {state === 'failed' ? 'Report failed, try again' : 'Report'}
    </Button>
  );
}
