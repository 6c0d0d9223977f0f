import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';

/** The profile's status text, and whether its sign-in is deactivated. */
export function StatusCell({ status, active }: { status: string; active?: boolean }) {
  const { t } = useTranslation('admin');
  // `status` is the stored text (free, e.g. 'Active' or 'Cuti'), shown as stored.
  return (
    <>
      {status}
      {active === false && <Chip size="small" color="warning" label={t('accounts.table.deactivated')} sx={{ ml: 1 }} />}
    </>
  );
}
