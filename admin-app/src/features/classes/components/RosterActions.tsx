import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RosterChange } from '@kelasku/shared-rules/src/roster-changes';

/** What can be done with the students selected on a roster; shown while any is selected. */
export function RosterActions({
  count,
  onChange,
  onClear,
}: {
  count: number;
  onChange: (change: RosterChange) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('admin');
  if (count === 0) return null;
  return (
    <Paper variant="outlined" role="region" aria-label={t('roster.actionsLabel')} sx={{ p: 1.5, mb: 2 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        useFlexGap
        sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}
      >
        <Typography role="status" sx={{ fontWeight: 600, mr: 1 }}>
          {t('roster.selected', { count })}
        </Typography>
        <Button variant="outlined" onClick={() => onChange('assign')}>
          {t('roster.assign')}
        </Button>
        <Button variant="outlined" onClick={() => onChange('move')}>
          {t('roster.move')}
        </Button>
        <Button variant="outlined" color="error" onClick={() => onChange('unassign')}>
          {t('roster.unassign')}
        </Button>
        <Button onClick={onClear}>{t('roster.clear')}</Button>
      </Stack>
    </Paper>
  );
}
