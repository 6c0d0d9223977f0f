import { useTranslation } from 'react-i18next';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';

/** The way out of a one-time password dialog when neither copying nor downloading is possible. */
export function NotedCheckbox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation('admin');
  return (
    <FormControlLabel
      sx={{ mt: 1, display: 'flex' }}
      control={<Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} />}
      label={t('accounts.password.noted')}
    />
  );
}
