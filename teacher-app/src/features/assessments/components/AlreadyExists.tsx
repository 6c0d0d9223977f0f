import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** 'Exercise already exists' / 'Exam already exists' with a way back. */
export function AlreadyExists({ text, onBack }: { text: string; onBack: () => void }) {
  const { t } = useTranslation('teacher');
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
        {text}
      </Typography>
      <Button variant="contained" onClick={onBack}>
        {t('assessments.goBack')}
      </Button>
    </Box>
  );
}
