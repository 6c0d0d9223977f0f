import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { usersApi } from '@kelasku/shared-api';
import { passwordProblems } from '@kelasku/shared-rules/src/passwords';
import { PasswordRules } from '@kelasku/shared-ui/src/PasswordRules';
import { SessionCache } from '@kelasku/shared-ui/src/session-cache';

const EMPTY = { username: '', email: '', password: '', role: 'user' };

/**
 * /post: developer add-account form (POST /api/v1/users, admin only); the password follows the server's rules. The
 * write has a cache of its own, dropped when the page is left (SessionCache).
 */
export function DevPostPage() {
  return (
    <SessionCache>
      <AddAccountForm />
    </SessionCache>
  );
}

function AddAccountForm() {
  const { t } = useTranslation('shell');
  const [form, setForm] = useState(EMPTY);
  // On failure (the API client already logged it) the fields are kept for another try.
  const add = useMutation({
    mutationFn: (account: typeof EMPTY) => usersApi.create(account),
    onSuccess: () => setForm(EMPTY),
  });
  const passwordOk = passwordProblems(form.password).length === 0;
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (passwordOk) add.mutate(form);
  };

  return (
    <Box component="main" sx={{ p: 3, maxWidth: 480 }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        {t('dev.post.title')}
      </Typography>
      <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)}>
        <TextField
          label={t('dev.post.username')}
          name="username"
          required
          value={form.username}
          onChange={set('username')}
        />
        <TextField
          label={t('dev.post.email')}
          name="email"
          type="email"
          required
          value={form.email}
          onChange={set('email')}
        />
        <TextField
          label={t('dev.post.password')}
          name="password"
          type="password"
          required
          value={form.password}
          onChange={set('password')}
          autoComplete="new-password"
          slotProps={{ htmlInput: { 'aria-describedby': 'new-account-password-rules' } }}
        />
        <PasswordRules id="new-account-password-rules" password={form.password} />
        <TextField select label={t('dev.post.role')} name="role" value={form.role} onChange={set('role')}>
          <MenuItem value="user">{t('dev.post.roles.user')}</MenuItem>
          <MenuItem value="admin">{t('dev.post.roles.admin')}</MenuItem>
        </TextField>
        <Button type="submit" variant="contained" disabled={!passwordOk || add.isPending}>
          {t('dev.post.submit')}
        </Button>
        {add.isSuccess && <Alert severity="success">{t('dev.post.added')}</Alert>}
        {add.isError && <Alert severity="error">{t('dev.post.failed')}</Alert>}
      </Stack>
    </Box>
  );
}
