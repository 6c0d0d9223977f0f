import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { PASSWORD_RULES, passwordProblems, type PasswordRuleCode } from '@kelasku/shared-rules/src/passwords';
import { authApi, errorMessage, saveSession } from '@kelasku/shared-api';
import { PageTitle } from './PageTitle';

const RULE_KEY: Record<PasswordRuleCode, string> = {
  'password-too-short': 'password.rules.password-too-short',
  'password-too-long': 'password.rules.password-too-long',
  'password-same-as-current': 'password.rules.password-same-as-current',
};

type Outcome = { kind: 'done' } | { kind: 'failed'; text: string } | null;

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
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const broken = new Set(passwordProblems(next, current).map((rule) => rule.code));
  const mismatch = confirm !== '' && confirm !== next;
  const ready = current !== '' && next !== '' && broken.size === 0 && confirm === next;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready || saving) return;
    setSaving(true);
    setOutcome(null);
    try {
      const { token } = await authApi.changePassword(current, next);
      saveSession(token);
      setCurrent('');
      setNext('');
      setConfirm('');
      setOutcome({ kind: 'done' });
    } catch (error) {
      setOutcome({ kind: 'failed', text: errorMessage(error) ?? t('password.failed') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box sx={{ maxWidth: 520 }}>
      <PageTitle sx={{ mb: 2 }}>{t('password.title')}</PageTitle>
      <Paper component="form" onSubmit={submit} noValidate sx={{ p: { xs: 2, sm: 3 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
        {outcome?.kind === 'done' && <Alert severity="success">{t('password.done')}</Alert>}
        {outcome?.kind === 'failed' && <Alert severity="error">{outcome.text}</Alert>}
        <TextField type="password" label={t('password.current')} value={current} onChange={(e) => setCurrent(e.target.value)} autoComplete="current-password" required />
        <TextField
          type="password" label={t('password.new')} value={next} onChange={(e) => setNext(e.target.value)} autoComplete="new-password" required
          slotProps={{ htmlInput: { 'aria-describedby': 'password-rules' } }}
        />
        <Box component="ul" id="password-rules" aria-label={t('password.rulesLabel')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {PASSWORD_RULES.map((rule) => {
            const met = next !== '' && !broken.has(rule.code);
            return (
              <Box component="li" key={rule.code} data-met={met} sx={{ display: 'flex', alignItems: 'center', gap: 1, color: met ? 'success.main' : 'text.secondary' }}>
                {met ? <CheckCircleIcon fontSize="small" aria-hidden /> : <RadioButtonUncheckedIcon fontSize="small" aria-hidden />}
                <span>{t(RULE_KEY[rule.code], { limit: rule.limit })}</span>
                <Box component="span" sx={visuallyHidden}>{t(met ? 'password.met' : 'password.notMet')}</Box>
              </Box>
            );
          })}
        </Box>
        <TextField
          type="password" label={t('password.confirm')} value={confirm} onChange={(e) => setConfirm(e.target.value)} autoComplete="new-password" required
          error={mismatch} helperText={mismatch ? t('password.mismatch') : ' '}
        />
        <Button type="submit" variant="contained" disabled={!ready || saving}>{t('password.submit')}</Button>
      </Paper>
    </Box>
  );
}

const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
