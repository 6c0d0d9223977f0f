/** The warning before a sign-out with work not on the server: a chunk of its own, loaded only when it is shown. */
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { UnsentNow } from './unsent-work';

export interface SignOutWarningProps {
  work: UnsentNow;
  busy: boolean;
  onWait: () => void;
  onSignOut: () => void;
}

/**
 * Signing out with work not on the server: drafts would be deleted, unsent answers sealed (sent by the next online
 * page load on this browser). Where they cannot be sealed, signing out is not offered: only waiting.
 */
export function SignOutWarning({ work, busy, onWait, onSignOut }: SignOutWarningProps) {
  const { t } = useTranslation('common');
  return (
    <Dialog open onClose={onWait} aria-labelledby="sign-out-warning-title" aria-describedby="sign-out-warning-text">
      <DialogTitle id="sign-out-warning-title">{t('signOutWarning.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="sign-out-warning-text" component="div">
          {work.answers > 0 && <p>{t(work.sealable ? 'signOutWarning.answers' : 'signOutWarning.answersStay')}</p>}
          {work.drafts > 0 && <p>{t('signOutWarning.drafts')}</p>}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onWait} variant={work.sealable ? 'text' : 'contained'}>
          {t('signOutWarning.wait')}
        </Button>
        {work.sealable && (
          <Button onClick={onSignOut} color="error" variant="contained" disabled={busy}>
            {t('signOutWarning.signOut')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
