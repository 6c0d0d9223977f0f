import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { fieldError } from '@kelasku/shared-api';
import { LoadingState, useDraft, useLeaveWarning } from '@kelasku/shared-ui';
import { materialProblem, type MaterialValues } from '../material-rules';
import { PageTitle } from '@kelasku/shared-ui/src/PageTitle';

const RichEditor = lazy(() => import('./RichEditor'));

export interface MaterialFormProps {
  heading: string;
  initial?: MaterialValues;
  /** Extra fields above the title (the class picker of /CreateSubjects). */
  before?: ReactNode;
  /** Names the form and what it edits (`edit-subject:12`): unsaved changes are kept on the device under it. */
  draftKey: string;
  /**
   * Saves the subject through the screen's mutation: `outcome.onSuccess` once saved (the draft is cleared), or
   * `outcome.onError`, which keeps the form as typed and shows `failureText` (the server's reason after it).
   */
  onSubmit: (values: MaterialValues, outcome: SaveOutcome) => void;
  /** The save is on its way (the mutation's isPending). */
  saving: boolean;
  failureText: string;
}

/** The two ends of a save, passed to the screen's `mutate` as its per-call callbacks. */
export interface SaveOutcome {
  onSuccess: () => void;
  onError: (err: unknown) => void;
}

/** The last save's failure: the server's reason, and the field it is about. */
type SaveFailure = { field?: string; message?: string };

const EMPTY: MaterialValues = { title: '', description: '', content: '' };

/** Above the form: a restored draft (with discarding it), the validation problem, and the last save's failure. */
function FormMessages({
  restored,
  onDiscard,
  problem,
  failed,
  failureText,
  failedAtField,
}: {
  restored: boolean;
  onDiscard: () => void;
  problem: string | null;
  failed: SaveFailure | null;
  failureText: string;
  /** The server's reason is shown at the field it is about, so not again here. */
  failedAtField: boolean;
}) {
  const { t } = useTranslation('teacher');
  return (
    <>
      {restored && (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={onDiscard}>
              {t('subjects.form.discard')}
            </Button>
          }
        >
          {t('subjects.form.restored')}
        </Alert>
      )}
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      {failed && (
        <Alert severity="error" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
          {failed.message && !failedAtField ? `${failureText}\n${failed.message}` : failureText}
        </Alert>
      )}
    </>
  );
}

/** The rich content editor (its own chunk); it takes its text once, `start.key` starts a new one. */
function ContentEditor({
  start,
  onChange,
}: {
  start: { content: string; key: number };
  onChange: (content: string) => void;
}) {
  const { t } = useTranslation('teacher');
  return (
    <Box>
      <Typography component="p" variant="subtitle2" sx={{ mb: 1 }}>
        {t('subjects.form.content')}
      </Typography>
      <Suspense fallback={<LoadingState text={t('subjects.form.loadingEditor')} />}>
        <RichEditor
          key={start.key}
          label={t('subjects.form.content')}
          initialValue={start.content}
          onChange={onChange}
        />
      </Suspense>
    </Box>
  );
}

/** Title, short description and rich content, with the validation message shown above the form. */
export function MaterialForm({
  heading,
  initial = EMPTY,
  before,
  draftKey,
  onSubmit,
  saving,
  failureText,
}: MaterialFormProps) {
  const { t } = useTranslation('teacher');
  const draft = useDraft<MaterialValues>(draftKey, initial);
  const { values, setValues } = draft;
  const [problem, setProblem] = useState<string | null>(null);
  /** The last save's failure: the server's reason, and the field it is about (shown there until that field changes). */
  const [failed, setFailed] = useState<SaveFailure | null>(null);
  // The editor takes its text once: a new one starts after "Discard changes".
  const [editorStart, setEditorStart] = useState({ content: values.content, key: 0 });
  useLeaveWarning(draft.dirty && !saving);

  const discard = () => {
    draft.discard();
    setEditorStart((s) => ({ content: initial.content, key: s.key + 1 }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = materialProblem(values);
    setProblem(found);
    setFailed(null);
    if (found || saving) return;
    onSubmit(values, { onSuccess: draft.clear, onError: (err) => setFailed(fieldError(err)) });
  };

  const atField = (key: 'title' | 'description') => (failed?.field === key ? failed.message : undefined);
  const change = (key: keyof MaterialValues, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setFailed((f) => (f?.field === key ? null : f));
  };

  return (
    <Box sx={{ maxWidth: 960 }}>
      <PageTitle sx={{ mb: 2 }}>{heading}</PageTitle>
      <FormMessages
        restored={draft.restored}
        onDiscard={discard}
        problem={problem}
        failed={failed}
        failureText={failureText}
        failedAtField={Boolean(atField('title') || atField('description'))}
      />
      <Paper component="form" noValidate onSubmit={submit} sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2.5}>
          {before}
          <TextField
            label={t('subjects.form.title')}
            value={values.title}
            onChange={(e) => change('title', e.target.value)}
            error={Boolean(atField('title'))}
            helperText={atField('title')}
            fullWidth
          />
          <TextField
            label={t('subjects.form.description')}
            value={values.description}
            onChange={(e) => change('description', e.target.value)}
            error={Boolean(atField('description'))}
            helperText={atField('description')}
            fullWidth
            multiline
            minRows={2}
          />
          <ContentEditor start={editorStart} onChange={(content) => change('content', content)} />
          <Box>
            <Button type="submit" variant="contained" size="large" disabled={saving}>
              {saving ? t('subjects.form.saving') : t('subjects.form.submit')}
            </Button>
          </Box>
        </Stack>
      </Paper>
    </Box>
  );
}
