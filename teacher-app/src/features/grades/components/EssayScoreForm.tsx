import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { formatNumber } from '@kelasku/shared-ui/src/numbers';

export interface EssayScoreFormProps {
  number: number;
  max: number;
  current: number | null;
  /** The comment saved for the student, if any. */
  currentComment?: string;
  /** Sends the score through the screen's mutation. */
  onSave: (score: number, comment: string) => void;
  /** The save is on its way / its last try failed (the mutation's isPending / isError). */
  saving: boolean;
  failed: boolean;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The teacher's own score for one essay, between 0 and the question's marks. */
export function EssayScoreForm({
  number,
  max,
  current,
  currentComment = '',
  onSave,
  saving,
  failed,
}: EssayScoreFormProps) {
  const { t } = useTranslation('teacher');
  const [value, setValue] = useState(current == null ? '' : String(round2(current)));
  const [comment, setComment] = useState(currentComment);
  const [outOfRange, setOutOfRange] = useState<string | null>(null);
  const problem = outOfRange ?? (failed ? t('grades.essay.saveFailed') : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const score = Number(value.replace(',', '.'));
    if (value.trim() === '' || !Number.isFinite(score) || score < 0 || score > round2(max) + 1e-9) {
      setOutOfRange(t('grades.essay.outOfRange', { max: formatNumber(max) }));
      return;
    }
    setOutOfRange(null);
    if (!saving) onSave(Math.min(score, max), comment.trim());
  };

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={submit}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'flex-start' }, mt: 1.5 }}
    >
      <TextField
        size="small"
        type="number"
        label={t('grades.essay.scoreOf', { number })}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={Boolean(problem)}
        helperText={problem ?? t('grades.essay.range', { max: formatNumber(max) })}
        slotProps={{ htmlInput: { min: 0, max: round2(max), step: 'any', inputMode: 'decimal' } }}
        sx={{ maxWidth: 220 }}
      />
      <TextField
        size="small"
        label={t('grades.essay.comment')}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        multiline
        maxRows={4}
        slotProps={{ htmlInput: { maxLength: 2000, 'aria-label': t('grades.essay.commentOf', { number }) } }}
        sx={{ flexGrow: 1 }}
      />
      {/* The name starts with the visible text (WCAG 2.5.3 label in name); "Saving..." is shown alone while disabled. */}
      <Button
        type="submit"
        variant="outlined"
        disabled={saving}
        aria-label={saving ? undefined : t('grades.essay.saveOf', { number })}
      >
        {saving ? t('grades.essay.saving') : t('grades.essay.save')}
      </Button>
    </Stack>
  );
}
