import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { usersApi } from '@kelasku/shared-api';

const EMPTY = { username: '', email: '', password: '', role: 'user' };

/** /post: developer add-account form (POST /api/v1/users, admin only). */
export function DevPostPage() {
  const [form, setForm] = useState(EMPTY);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await usersApi.create(form);
      setResult({ ok: true, text: 'Akun berhasil ditambahkan!' });
      setForm(EMPTY);
    } catch {
      // The API client already logged the failure; the fields are kept for another try.
      setResult({ ok: false, text: 'Gagal menambahkan akun' });
    }
  };

  return (
    <Box component="main" sx={{ p: 3, maxWidth: 480 }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>Tambah Akun</Typography>
      <Stack component="form" spacing={2} onSubmit={submit}>
        <TextField label="Username" name="username" required value={form.username} onChange={set('username')} />
        <TextField label="Email" name="email" type="email" required value={form.email} onChange={set('email')} />
        <TextField label="Password" name="password" type="password" required value={form.password} onChange={set('password')} />
        <TextField select label="Role" name="role" value={form.role} onChange={set('role')}>
          <MenuItem value="user">user</MenuItem>
          <MenuItem value="admin">admin</MenuItem>
        </TextField>
        <Button type="submit" variant="contained">Submit</Button>
        {result && <Alert severity={result.ok ? 'success' : 'error'}>{result.text}</Alert>}
      </Stack>
    </Box>
  );
}
