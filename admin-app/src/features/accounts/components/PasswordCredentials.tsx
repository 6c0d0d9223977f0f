import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ShownPassword } from './PasswordDialog';

/** The sign-in name (NIS or NIP) and the password, large and in monospace, the password selected in one click. */
export function PasswordCredentials({ shown }: { shown: ShownPassword | null }) {
  const { t } = useTranslation('admin');
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'auto 1fr',
        columnGap: 2,
        rowGap: 1,
        alignItems: 'center',
        mt: 2,
        mb: 0,
      }}
    >
      <Typography component="dt" variant="body2" color="text.secondary">
        {shown?.loginLabel}
      </Typography>
      <Typography
        component="dd"
        aria-label={shown?.loginLabel}
        sx={{ m: 0, fontFamily: 'monospace', fontSize: '1.1rem' }}
      >
        {shown?.login}
      </Typography>
      <Typography component="dt" variant="body2" color="text.secondary">
        {t('accounts.password.password')}
      </Typography>
      <Typography
        component="dd"
        aria-label={t('accounts.password.password')}
        sx={{
          m: 0,
          justifySelf: 'start',
          fontFamily: 'monospace',
          fontSize: '1.25rem',
          bgcolor: 'grey.100',
          px: 1.5,
          py: 0.5,
          borderRadius: 1,
          userSelect: 'all',
        }}
      >
        {shown?.password}
      </Typography>
    </Box>
  );
}
