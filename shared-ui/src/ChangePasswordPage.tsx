import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { passwordProblems } from '@kelasku/shared-rules/src/passwords';
import { authApi, errorMessage, saveSession } from '@kelasku/shared-api';
import { PageTitle } from './PageTitle';
// By its shared path: the shell's copy, not a second one in each remote (scripts/first-screen-imports.test.ts).
import { PasswordRules } from '@kelasku/shared-ui/src/PasswordRules';

/**
 * Every role's "Change password" screen. The rules (shared-rules, the server's own) are listed and ticked as the
 * new password meets them, so nothing breaking one is ever sent. The reply's token is stored: the change ends
 * every other session, and this one continues on it.
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation('common');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const mismatch = confirm !== '' && confirm !== next;
  const ready = current !== '' && next !== '' && passwordProblems(next, current).length === 0 && confirm === next;

  const change = useMutation({
    mutationFn: () => authApi.changePassword(current, next),
    onSuccess: ({ token }) => {
      saveSession(token);
      setCurrent('');
      setNext('');
      setConfirm('');
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready && !change.isPending) change.mutate();
  };

  return (
    <Box sx={{ maxWidth: 520 }}>
      <PageTitle sx={{ mb: 2 }}>{t('password.title')}</PageTitle>
      <Paper
        component="form"
        onSubmit={submit}
        noValidate
        sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        {change.isSuccess && <Alert severity="success">{t('password.done')}</Alert>}
        {change.isError && <Alert severity="error">{errorMessage(change.error) ?? t('password.failed')}</Alert>}
        <TextField
          type="password"
          label={t('password.current')}
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          autoComplete="current-password"
          required
        />
        <TextField
          type="password"
          label={t('password.new')}
          value={next}
          onChange={(e) => setNext(e.target.value)}
          autoComplete="new-password"
          required
          slotProps={{ htmlInput: { 'aria-describedby': 'password-rules' } }}
        />
        <PasswordRules id="password-rules" password={next} current={current} />
        <TextField
          type="password"
          label={t('password.confirm')}
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          autoComplete="new-password"
          required
          error={mismatch}
          helperText={mismatch ? t('password.mismatch') : ' '}
        />
        <Button type="submit" variant="contained" disabled={!ready || change.isPending}>
          {t('password.submit')}
        </Button>
      </Paper>
    </Box>
  );
}
