import { useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useLastNonNull } from '../../hooks/useLatest';

export interface ShownPassword {
  title: string;
  name: string;
  password: string;
}

/** Shows a new account's (or a reset) password once, with a copy button. It is never shown again. */
export function PasswordDialog({ shown: current, onClose }: { shown: ShownPassword | null; onClose: () => void }) {
  const shown = useLastNonNull(current);
  const [copied, setCopied] = useState<'idle' | 'done' | 'failed'>('idle');
  const copy = async () => {
    if (!shown) return;
    try {
      await navigator.clipboard.writeText(shown.password);
      setCopied('done');
    } catch {
      setCopied('failed');
    }
  };
  const close = () => {
    setCopied('idle');
    onClose();
  };
  return (
    <Dialog open={current !== null} onClose={close} aria-labelledby="password-dialog-title" aria-describedby="password-dialog-text">
      <DialogTitle id="password-dialog-title">{shown?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="password-dialog-text">
          Password for {shown?.name}. Give it to them now: it is shown only once.
        </DialogContentText>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 2, flexWrap: 'wrap' }}>
          <Typography
            component="code"
            aria-label="Password"
            sx={{ fontFamily: 'monospace', fontSize: '1.25rem', bgcolor: 'grey.100', px: 1.5, py: 0.5, borderRadius: 1, userSelect: 'all' }}
          >
            {shown?.password}
          </Typography>
          <Button startIcon={<ContentCopyIcon />} onClick={copy} variant="outlined" size="small">
            Copy password
          </Button>
          <Typography role="status" variant="body2" color={copied === 'failed' ? 'error' : 'success.main'}>
            {copied === 'done' ? 'Copied' : copied === 'failed' ? 'Copy failed: select the password and copy it by hand' : ''}
          </Typography>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={close}>Done</Button>
      </DialogActions>
    </Dialog>
  );
}
