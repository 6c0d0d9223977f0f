import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { STUDENT_IMPORT_COLUMNS } from '@kelasku/shared-rules';
import { CSV_COLUMNS } from '../student-rows';

const FIELD_KEY = {
  name: 'accounts.fields.name',
  nis: 'accounts.fields.nis',
  grade: 'accounts.fields.grade',
  status: 'accounts.fields.status',
  class: 'importClass.field',
} as const;

/**
 * What the file must hold: the columns, an example in the active language's headers, and every header name accepted
 * for each column (English and Indonesian, from the rule the server applies too).
 */
export function ImportHelp() {
  const { t } = useTranslation('admin');
  return (
    <>
      <Typography sx={{ mb: 1 }}>
        {t('import.introBefore')} <b>{t('import.columns')}</b> {t('import.introAfter')}
      </Typography>
      <Box
        component="pre"
        sx={{ bgcolor: 'grey.100', p: 1, borderRadius: 1, fontSize: '0.85rem', overflowX: 'auto', mt: 0 }}
      >
        {t('import.example')}
      </Box>
      <Typography variant="body2" sx={{ mb: 0.5 }}>
        {t('import.acceptedColumns')}
      </Typography>
      <Box component="ul" aria-label={t('import.acceptedColumns')} sx={{ mt: 0, mb: 2, pl: 3, fontSize: '0.875rem' }}>
        {CSV_COLUMNS.map((field) => (
          <li key={field}>
            {t(FIELD_KEY[field])}: {STUDENT_IMPORT_COLUMNS[field].join(', ')}
          </li>
        ))}
      </Box>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('importClass.help')}
      </Typography>
    </>
  );
}
