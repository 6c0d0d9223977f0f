import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import { getUserData } from '@kelasku/shared-api';

export interface WelcomeLineProps {
  /** Shown when the stored user has no display name: 'Teacher' on the teacher dashboard, 'Guest' on the student one. */
  fallback: string;
  /** Overrides the stored display name (mostly for tests). */
  name?: string | null;
}

/** 'Welcome again, {display name}!' from the stored user data. */
export function WelcomeLine({ fallback, name }: WelcomeLineProps) {
  const { t } = useTranslation('common');
  const displayName = (name ?? getUserData()?.display_name)?.trim() || fallback;
  return (
    <Typography variant="h6" component="p" sx={{ mb: 2, fontWeight: 600 }}>
      {t('welcome', { name: displayName })}
    </Typography>
  );
}
