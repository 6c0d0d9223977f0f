import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@kelasku/shared-api';
import {
  DEFAULT_GRADEBOOK_WEIGHTS,
  WEIGHT_KINDS,
  weightsProblem,
  type GradebookWeights,
} from '@kelasku/shared-rules/src/gradebook';
import { useSaveWeights } from '../api';

const WEIGHT_LABELS = {
  exercise: 'term:gradebook.weights.exercise',
  daily: 'term:gradebook.weights.daily',
  midterm: 'term:gradebook.weights.midterm',
  final: 'term:gradebook.weights.final',
} as const satisfies Record<keyof GradebookWeights, string>;

/** The weight of each kind in the final score, whole percents adding up to 100. */
export function WeightsForm({
  classId,
  weights,
  isDefault,
}: {
  classId: number;
  weights: GradebookWeights;
  isDefault: boolean;
}) {
  const { t } = useTranslation('term');
  const [values, setValues] = useState<Record<keyof GradebookWeights, string>>(() => ({
    exercise: String(weights.exercise),
    daily: String(weights.daily),
    midterm: String(weights.midterm),
    final: String(weights.final),
  }));
  const save = useSaveWeights(classId);
  const parsed = Object.fromEntries(WEIGHT_KINDS.map((k) => [k, Number(values[k])])) as GradebookWeights;
  const whole = WEIGHT_KINDS.every((k) => /^\d{1,3}$/.test(values[k]) && parsed[k] <= 100);
  const problem = weightsProblem(whole ? parsed : { ...DEFAULT_GRADEBOOK_WEIGHTS, exercise: Number.NaN });
  const sum = WEIGHT_KINDS.reduce((s, k) => s + (Number.isFinite(parsed[k]) ? parsed[k] : 0), 0);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (whole && !problem) save.mutate(parsed);
  };
  return (
    <Paper
      variant="outlined"
      component="form"
      onSubmit={submit}
      sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}
      aria-labelledby="gradebook-weights"
    >
      <Typography id="gradebook-weights" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {t('term:gradebook.weights.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('term:gradebook.weights.hint')}
        {isDefault ? ` (${t('term:gradebook.weights.defaults')})` : ''}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, minmax(0, 1fr))' } }}>
        {WEIGHT_KINDS.map((k) => (
          <TextField
            key={k}
            label={t(WEIGHT_LABELS[k])}
            value={values[k]}
            onChange={(e) => {
              setValues((v) => ({ ...v, [k]: e.target.value }));
              save.reset();
            }}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3, 'data-testid': `weight-${k}` } }}
            size="small"
          />
        ))}
      </Box>
      <Typography sx={{ mt: 1 }} color={problem ? 'error' : 'text.secondary'} aria-live="polite">
        {t('term:gradebook.weights.sum', { sum })}
      </Typography>
      {save.isError && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {t('term:gradebook.weights.failed', { reason: errorMessage(save.error) ?? '' })}
        </Alert>
      )}
      {save.isSuccess && (
        <Alert severity="success" sx={{ mt: 1 }}>
          {t('term:gradebook.weights.saved')}
        </Alert>
      )}
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={!whole || Boolean(problem) || save.isPending}>
        {save.isPending ? t('term:gradebook.weights.saving') : t('term:gradebook.weights.save')}
      </Button>
    </Paper>
  );
}
