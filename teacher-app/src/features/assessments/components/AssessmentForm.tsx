import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import i18next from 'i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { emptyQuestion, findQuestionProblem, parseQuestions, type Exam, type Question } from '@kelasku/shared-api';
import { MAX_QUESTION_TEXT_BYTES } from '@kelasku/shared-rules';
import { useDraft, useLeaveWarning, type Draft } from '@kelasku/shared-ui';
import { QuestionCard } from './QuestionCard';
import { ScheduleFields } from './ScheduleFields';
import { ExamTermFields, examTermProblem, type ExamTermValues } from './ExamTermFields';
import { canRemoveQuestion, removeQuestion, replaceQuestion } from '../question-rules';
import { scheduleProblem, type ScheduleValues } from '../schedule';
import { PageTitle } from '@kelasku/shared-ui/src/PageTitle';

const ImportExamQuestionsDialog = lazy(() => import('./ImportExamQuestionsDialog'));

export interface AssessmentValues {
  title: string;
  questions: Question[];
  /** Only for exams. */
  schedule?: ScheduleValues;
  /** Only for exams: its kind and whether its answers are shown after it. */
  term?: ExamTermValues;
  /** Each student sees the questions / the options of each question in an order of their own (display only). */
  shuffleQuestions?: boolean;
  shuffleOptions?: boolean;
}

/** The API fields of the two shuffle settings. */
export function shuffleFields(values: AssessmentValues) {
  return { shuffle_questions: Boolean(values.shuffleQuestions), shuffle_options: Boolean(values.shuffleOptions) };
}

export interface AssessmentFormProps {
  kind: 'exercise' | 'exam';
  heading: string;
  subheading?: string;
  initial: AssessmentValues;
  submitLabel: string;
  /** Names the form and what it edits (`create-exam:3`): unsaved changes are kept on the device under it. */
  draftKey: string;
  /**
   * Saves through the screen's mutation (the screen alerts the outcome and navigates); `saved` is called once the
   * server took it (the draft is then cleared). A failure keeps the draft and lets the teacher try again.
   */
  onSubmit: (values: AssessmentValues, saved: () => void) => void;
  /** The save is on its way (the mutation's isPending). */
  saving: boolean;
  /** Shown just above the submit button (what saving will also do). */
  notice?: ReactNode;
  /** A new exam's class: the form offers to take the questions of another class's exam. */
  importForClass?: number;
}

/** The form filled with another exam's questions (and its title and shuffle settings where the form has none). */
function withQuestionsOf(values: AssessmentValues, exam: Exam): AssessmentValues {
  return {
    ...values,
    title: values.title.trim() ? values.title : exam.title,
    questions: parseQuestions(exam.content),
    shuffleQuestions: Boolean(exam.shuffle_questions),
    shuffleOptions: Boolean(exam.shuffle_options),
  };
}

/** The message of each missing part of the questions (shared-api findQuestionProblem). */
const QUESTION_PROBLEM_KEYS = {
  'no-questions': 'assessments.form.problem.noQuestions',
  text: 'assessments.form.problem.text',
  options: 'assessments.form.problem.options',
  answer: 'assessments.form.problem.answer',
  'too-large': 'assessments.form.problem.tooLarge',
} as const;

/** First problem of the whole form: title, exam window, then each question. */
export function assessmentProblem(kind: AssessmentFormProps['kind'], values: AssessmentValues): string | null {
  if (!values.title.trim()) return i18next.t('teacher:assessments.form.titleRequired');
  if (kind === 'exam' && values.schedule) {
    const problem = scheduleProblem(values.schedule);
    if (problem) return problem;
  }
  const termProblem = kind === 'exam' && values.term ? examTermProblem(values.term) : null;
  if (termProblem) return i18next.t(termProblem);
  const problem = findQuestionProblem(values.questions);
  return (
    problem &&
    i18next.t(`teacher:${QUESTION_PROBLEM_KEYS[problem.kind]}`, { n: problem.question, limit: MAX_QUESTION_TEXT_BYTES })
  );
}

type SetValues = Draft<AssessmentValues>['setValues'];

/** The title, an exam's window and term, and the two shuffle settings. */
function AssessmentSettings({
  kind,
  values,
  setValues,
}: {
  kind: AssessmentFormProps['kind'];
  values: AssessmentValues;
  setValues: SetValues;
}) {
  const { t } = useTranslation('teacher');
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, my: 2 }}>
      <Stack spacing={2}>
        <TextField
          label={kind === 'exam' ? t('assessments.form.examTitle') : t('assessments.form.exerciseTitle')}
          value={values.title}
          onChange={(e) => setValues((v) => ({ ...v, title: e.target.value }))}
          fullWidth
        />
        {kind === 'exam' && values.schedule && (
          <ScheduleFields value={values.schedule} onChange={(schedule) => setValues((v) => ({ ...v, schedule }))} />
        )}
        {kind === 'exam' && values.term && (
          <ExamTermFields value={values.term} onChange={(term) => setValues((v) => ({ ...v, term }))} />
        )}
        <ShuffleSettings values={values} setValues={setValues} />
      </Stack>
    </Paper>
  );
}

function ShuffleSettings({ values, setValues }: { values: AssessmentValues; setValues: SetValues }) {
  const { t } = useTranslation('teacher');
  return (
    <FormGroup>
      <FormControlLabel
        control={
          <Checkbox
            checked={Boolean(values.shuffleQuestions)}
            onChange={(e) => setValues((v) => ({ ...v, shuffleQuestions: e.target.checked }))}
          />
        }
        label={t('assessments.form.shuffleQuestions')}
      />
      <FormControlLabel
        control={
          <Checkbox
            checked={Boolean(values.shuffleOptions)}
            onChange={(e) => setValues((v) => ({ ...v, shuffleOptions: e.target.checked }))}
          />
        }
        label={t('assessments.form.shuffleOptions')}
      />
      <Typography variant="body2" color="text.secondary">
        {t('assessments.form.shuffleHint')}
      </Typography>
    </FormGroup>
  );
}

/** A new exam's offer to take the questions of another exam of the class (the dialog loads when opened). */
function ImportQuestions({ classId, setValues }: { classId: number | undefined; setValues: SetValues }) {
  const { t } = useTranslation('teacher');
  const [importOpen, setImportOpen] = useState(false);
  return (
    <>
      {classId !== undefined && (
        <Button variant="outlined" onClick={() => setImportOpen(true)} sx={{ mb: 2 }}>
          {t('assessments.form.importExam')}
        </Button>
      )}
      {importOpen && classId !== undefined && (
        <Suspense fallback={null}>
          <ImportExamQuestionsDialog
            classId={classId}
            onClose={() => setImportOpen(false)}
            onChoose={(exam) => {
              setValues((v) => withQuestionsOf(v, exam));
              setImportOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/** One card per question, and the button that adds one. */
function QuestionList({ questions, setValues }: { questions: Question[]; setValues: SetValues }) {
  const { t } = useTranslation('teacher');
  const setQuestions = (update: (questions: Question[]) => Question[]) =>
    setValues((v) => ({ ...v, questions: update(v.questions) }));
  return (
    <>
      <Stack spacing={2}>
        {questions.map((question, index) => (
          <QuestionCard
            // Questions have no ids; the index is their identity while editing (numbering follows the order).
            key={index}
            number={index + 1}
            question={question}
            canRemove={canRemoveQuestion(questions)}
            onChange={(q) => setQuestions((qs) => replaceQuestion(qs, index, q))}
            onRemove={() => setQuestions((qs) => removeQuestion(qs, index))}
          />
        ))}
      </Stack>
      <Button
        startIcon={<AddIcon />}
        variant="outlined"
        onClick={() => setQuestions((qs) => [...qs, emptyQuestion()])}
        sx={{ my: 2 }}
      >
        {t('assessments.form.addQuestion')}
      </Button>
    </>
  );
}

/** The one question editor of exercises and exams (create and edit). */
export function AssessmentForm({
  kind,
  heading,
  subheading,
  initial,
  submitLabel,
  draftKey,
  onSubmit,
  saving,
  notice,
  importForClass,
}: AssessmentFormProps) {
  const { t } = useTranslation('teacher');
  const draft = useDraft<AssessmentValues>(draftKey, initial);
  const { values, setValues } = draft;
  const [problem, setProblem] = useState<string | null>(null);
  useLeaveWarning(draft.dirty && !saving);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = assessmentProblem(kind, values);
    setProblem(found);
    if (found || saving) return;
    onSubmit(values, draft.clear);
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 960 }}>
      <PageTitle>{heading}</PageTitle>
      {subheading && (
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {subheading}
        </Typography>
      )}
      {draft.restored && (
        <Alert
          severity="info"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" size="small" onClick={draft.discard}>
              {t('assessments.form.discard')}
            </Button>
          }
        >
          {t('assessments.form.restored')}
        </Alert>
      )}
      <AssessmentSettings kind={kind} values={values} setValues={setValues} />
      <ImportQuestions classId={importForClass} setValues={setValues} />
      <QuestionList questions={values.questions} setValues={setValues} />
      {problem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {problem}
        </Alert>
      )}
      {notice}
      <Box>
        <Button type="submit" variant="contained" size="large" disabled={saving}>
          {saving ? t('assessments.form.saving') : submitLabel}
        </Button>
      </Box>
    </Box>
  );
}
