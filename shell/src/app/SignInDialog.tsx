import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { getStoredUsername, type UserData } from '@kelasku/shared-api';
import { SessionCache } from '@kelasku/shared-ui/src/session-cache';
import { useSignIn } from '../login/use-sign-in';

export interface SignInDialogProps {
  /** Who was signed in on this page (named in the text). */
  previous: UserData | null;
  /** After a successful sign-in (the new token is stored). */
  onSignedIn: (user: UserData) => void;
  onLogout: () => void;
}

/**
 * Sign-in over the page when the session ended: nothing on the page is left or reloaded for it. Its sign-in is a write
 * with a cache of its own, dropped when the dialog closes (SessionCache).
 */
export function SignInDialog(props: SignInDialogProps) {
  return (
    <SessionCache>
      <SignInForm {...props} />
    </SessionCache>
  );
}

function SignInForm({ previous, onSignedIn, onLogout }: SignInDialogProps) {
  const { t } = useTranslation('shell');
  const [username, setUsername] = useState(getStoredUsername);
  const [password, setPassword] = useState('');
  /** Sent with a field left empty: said here, nothing is sent. */
  const [incomplete, setIncomplete] = useState(false);
  const signIn = useSignIn(onSignedIn);
  const error = incomplete ? t('session.required') : signIn.refusal;
  const busy = signIn.sending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const complete = Boolean(username.trim() && password);
    setIncomplete(!complete);
    if (complete) signIn.send({ username, password });
  };

  const name = previous?.display_name?.trim();
  return (
    // Only signing in (or logging out) closes it: Escape and the backdrop do nothing.
    <Dialog open fullWidth maxWidth="xs" aria-labelledby="session-ended-title" aria-describedby="session-ended-text">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="session-ended-title">{t('session.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="session-ended-text">
            {name ? t('session.againAs', { name }) : t('session.again')} {t('session.kept')}
          </DialogContentText>
          <Stack spacing={2} sx={{ pt: 2 }}>
            <TextField
              label={t('login.username')}
              name="username"
              autoComplete="username"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              autoFocus={!username}
              fullWidth
            />
            <TextField
              label={t('login.password')}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoFocus={Boolean(username)}
              fullWidth
            />
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onLogout} disabled={busy}>
            {t('session.logout')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? t('session.signingIn') : t('session.signIn')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
