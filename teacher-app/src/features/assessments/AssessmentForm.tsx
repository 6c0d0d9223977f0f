import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { emptyQuestion, questionProblem, type Question } from '@kelasku/shared-api';
import { QuestionCard } from './QuestionCard';
import { ScheduleFields } from './ScheduleFields';
import { canRemoveQuestion, removeQuestion, replaceQuestion } from './questionRules';
import { scheduleProblem, type ScheduleValues } from './schedule';

export interface AssessmentValues {
  title: string;
  questions: Question[];
  /** Only for exams. */
  schedule?: ScheduleValues;
}

export interface AssessmentFormProps {
  kind: 'exercise' | 'exam';
  heading: string;
  subheading?: string;
  initial: AssessmentValues;
  submitLabel: string;
  /** Saves; resolves when done (the caller alerts and navigates), rejects to let the teacher try again. */
  onSubmit: (values: AssessmentValues) => Promise<void>;
}

/** First problem of the whole form: title, exam window, then each question (shared-api's questionProblem). */
export function assessmentProblem(kind: AssessmentFormProps['kind'], values: AssessmentValues): string | null {
  if (!values.title.trim()) return 'Title is required.';
  if (kind === 'exam' && values.schedule) {
    const problem = scheduleProblem(values.schedule);
    if (problem) return problem;
  }
  return questionProblem(values.questions);
}

/** The one question editor of exercises and exams (create and edit). */
export function AssessmentForm({ kind, heading, subheading, initial, submitLabel, onSubmit }: AssessmentFormProps) {
  const [values, setValues] = useState<AssessmentValues>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const noun = kind === 'exam' ? 'Exam' : 'Exercise';

  const setQuestions = (update: (questions: Question[]) => Question[]) =>
    setValues((v) => ({ ...v, questions: update(v.questions) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = assessmentProblem(kind, values);
    setProblem(found);
    if (found) return;
    setSaving(true);
    try {
      await onSubmit(values);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 960 }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2rem' } }}>{heading}</Typography>
      {subheading && <Typography color="text.secondary" sx={{ mt: 0.5 }}>{subheading}</Typography>}
      <Paper sx={{ p: { xs: 2, sm: 3 }, my: 2 }}>
        <Stack spacing={2}>
          <TextField
            label={`${noun} title`}
            value={values.title}
            onChange={(e) => setValues((v) => ({ ...v, title: e.target.value }))}
            fullWidth
          />
          {kind === 'exam' && values.schedule && (
            <ScheduleFields value={values.schedule} onChange={(schedule) => setValues((v) => ({ ...v, schedule }))} />
          )}
        </Stack>
      </Paper>
      <Stack spacing={2}>
        {values.questions.map((question, index) => (
          <QuestionCard
            // Questions have no ids; the index is their identity while editing (numbering follows the order).
            key={index}
            number={index + 1}
            question={question}
            canRemove={canRemoveQuestion(values.questions)}
            onChange={(q) => setQuestions((qs) => replaceQuestion(qs, index, q))}
            onRemove={() => setQuestions((qs) => removeQuestion(qs, index))}
          />
        ))}
      </Stack>
      <Button startIcon={<AddIcon />} variant="outlined" onClick={() => setQuestions((qs) => [...qs, emptyQuestion()])} sx={{ my: 2 }}>
        Add question
      </Button>
      {problem && <Alert severity="error" sx={{ mb: 2 }}>{problem}</Alert>}
      <Box>
        <Button type="submit" variant="contained" size="large" disabled={saving}>
          {saving ? 'Saving...' : submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
