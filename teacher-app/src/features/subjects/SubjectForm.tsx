import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { LoadingState } from '@kelasku/shared-ui';
import { subjectProblem, type SubjectValues } from './subjectRules';

const RichEditor = lazy(() => import('./RichEditor'));

export interface SubjectFormProps {
  heading: string;
  initial?: SubjectValues;
  /** Extra fields above the title (the class picker of /CreateSubjects). */
  before?: ReactNode;
  /** Saves the subject; a thrown error keeps the form as typed and shows `failureText`. */
  onSubmit: (values: SubjectValues) => Promise<void>;
  failureText: string;
}

const EMPTY: SubjectValues = { title: '', description: '', content: '' };

/** Title, short description and rich content, with the validation message shown above the form. */
export function SubjectForm({ heading, initial = EMPTY, before, onSubmit, failureText }: SubjectFormProps) {
  const [values, setValues] = useState<SubjectValues>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = subjectProblem(values);
    setProblem(found);
    setFailed(false);
    if (found) return;
    setSaving(true);
    try {
      await onSubmit(values);
    } catch {
      setFailed(true);
      setSaving(false);
    }
  };

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700, mb: 2, fontSize: { xs: '1.6rem', sm: '2rem' } }}>
        {heading}
      </Typography>
      {problem && <Alert severity="error" sx={{ mb: 2 }}>{problem}</Alert>}
      {failed && <Alert severity="error" sx={{ mb: 2 }}>{failureText}</Alert>}
      <Paper component="form" noValidate onSubmit={submit} sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2.5}>
          {before}
          <TextField
            label="Subject Title"
            value={values.title}
            onChange={(e) => setValues((v) => ({ ...v, title: e.target.value }))}
            fullWidth
          />
          <TextField
            label="Short Description"
            value={values.description}
            onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))}
            fullWidth
            multiline
            minRows={2}
          />
          <Box>
            <Typography component="p" variant="subtitle2" sx={{ mb: 1 }}>Subject Content</Typography>
            <Suspense fallback={<LoadingState text="Loading editor..." />}>
              <RichEditor
                label="Subject Content"
                initialValue={initial.content}
                onChange={(content) => setValues((v) => ({ ...v, content }))}
              />
            </Suspense>
          </Box>
          <Box>
            <Button type="submit" variant="contained" size="large" disabled={saving}>
              {saving ? 'Saving...' : 'Submit'}
            </Button>
          </Box>
        </Stack>
      </Paper>
    </Box>
  );
}
