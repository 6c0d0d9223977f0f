import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { getUserData } from '@kelasku/shared-api/src/session';
import { CHANGE_PASSWORD_PATH } from './nav';

/**
 * While the signed-in account still has the password an admin gave it (the token's `initial_password`), every
 * screen offers to choose one's own; "Later" hides the offer until the next sign-in or reload.
 */
export function InitialPasswordOffer() {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const [later, setLater] = useState(false);
  // read on every render (each navigation renders): after the change the stored token no longer has the claim
  if (later || pathname === CHANGE_PASSWORD_PATH || !getUserData()?.initial_password) return null;
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      action={
        <>
          <Button color="inherit" size="small" component={RouterLink} to={CHANGE_PASSWORD_PATH}>
            {t('password.offerChange')}
          </Button>
          <Button color="inherit" size="small" onClick={() => setLater(true)}>
            {t('password.offerLater')}
          </Button>
        </>
      }
    >
      {t('password.offer')}
    </Alert>
  );
}
