import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

export interface EssayScoreFormProps {
  number: number;
  max: number;
  current: number | null;
  /** The comment saved for the student, if any. */
  currentComment?: string;
  onSave: (score: number, comment: string) => Promise<void>;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The teacher's own score for one essay, between 0 and the question's marks. */
export function EssayScoreForm({ number, max, current, currentComment = '', onSave }: EssayScoreFormProps) {
  const [value, setValue] = useState(current == null ? '' : String(round2(current)));
  const [comment, setComment] = useState(currentComment);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const score = Number(value.replace(',', '.'));
    if (value.trim() === '' || !Number.isFinite(score) || score < 0 || score > round2(max) + 1e-9) {
      setProblem(`Enter a score from 0 to ${round2(max)}.`);
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      await onSave(Math.min(score, max), comment.trim());
    } catch {
      setProblem('Failed to save the score. Please try again.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' }, mt: 1.5 }}>
      <TextField
        size="small"
        type="number"
        label={`Score for question ${number}`}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={Boolean(problem)}
        helperText={problem ?? `0 to ${round2(max)}`}
        slotProps={{ htmlInput: { min: 0, max: round2(max), step: 'any', inputMode: 'decimal' } }}
        sx={{ maxWidth: 220 }}
      />
      <TextField
        size="small"
        label="Comment for the student (optional)"
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        multiline
        maxRows={4}
        slotProps={{ htmlInput: { maxLength: 2000, 'aria-label': `Comment for question ${number}` } }}
        sx={{ flexGrow: 1 }}
      />
      {/* The name starts with the visible text (WCAG 2.5.3 label in name); "Saving..." is shown alone while disabled. */}
      <Button type="submit" variant="outlined" disabled={saving} aria-label={saving ? undefined : `Save score for question ${number}`}>
        {saving ? 'Saving...' : 'Save score'}
      </Button>
    </Stack>
  );
}
