import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { endTimeProblem, type ScheduleValues } from '../schedule';

/** Exam date and WIB start/end times; the end field says so at once when it is not after the start. */
export function ScheduleFields({
  value,
  onChange,
}: {
  value: ScheduleValues;
  onChange: (value: ScheduleValues) => void;
}) {
  const { t } = useTranslation('teacher');
  const endProblem = endTimeProblem(value);
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
      <TextField
        label={t('assessments.schedule.date')}
        type="date"
        value={value.date}
        onChange={(e) => onChange({ ...value, date: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
        helperText={t('assessments.schedule.zone')}
      />
      <TextField
        label={t('assessments.schedule.start')}
        type="time"
        value={value.start}
        onChange={(e) => onChange({ ...value, start: e.target.value })}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        label={t('assessments.schedule.end')}
        type="time"
        value={value.end}
        onChange={(e) => onChange({ ...value, end: e.target.value })}
        error={Boolean(endProblem)}
        helperText={endProblem ?? ' '}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </Box>
  );
}
