import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { OPTION_LETTERS, type Answers, type Grade, type Question, type QuestionDetail } from '@kelasku/shared-api';
import { originalOrder, type SheetOrder } from '@kelasku/shared-rules';
import { formatScore } from '@kelasku/shared-ui/src/numbers';
import { MathText } from '@kelasku/shared-ui/src/formula/MathText';

export interface SubmittedSheetViewProps {
  questions: Question[];
  answers: Answers;
  /** The grade as the server shows it to the student (undefined while it loads or before grading). */
  grade: Grade | undefined;
  /**
   * Whether per-question results may be shown: exams only once the window has ended for everyone (the server hides
   * which answers were right until then, see policy seesCorrectness); exercises always.
   */
  resultsShown: boolean;
  /** The student's own order of questions and options, as they answered (default: the original order). */
  order?: SheetOrder;
}

type EssayDetail = Extract<QuestionDetail, { kind: 'essay' }> & { comment?: string };

function detailOf(grade: Grade | undefined, n: number): QuestionDetail | undefined {
  const d = grade?.detail?.[String(n)];
  return d && typeof d === 'object' && 'kind' in d ? d : undefined;
}

const isPendingEssay = (d: QuestionDetail | undefined) => d?.kind === 'essay' && (d.pending || d.score == null);

/** The chosen option as the student saw it: the letter of its place on their screen, and its text. */
function optionLabel(question: Question, answer: string, optionOrder = [0, 1, 2, 3]): string {
  const i = OPTION_LETTERS.indexOf(answer.trim().toLowerCase() as (typeof OPTION_LETTERS)[number]);
  const shown = optionOrder.indexOf(i);
  return i < 0 || shown < 0 ? answer : `${OPTION_LETTERS[shown].toUpperCase()}. ${question.options[i]}`;
}

function EssayResult({ detail, answered }: { detail: EssayDetail; answered: boolean }) {
  const { t } = useTranslation('student');
  if (isPendingEssay(detail)) {
    return <Chip size="small" color="warning" variant="outlined" label={t('submitted.essayPending')} sx={{ mt: 1 }} />;
  }
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="body2">
        {t('submitted.score')} <strong>{formatScore(detail.score)}</strong> / {formatScore(detail.max)}
        {detail.source === 'teacher' ? ` ${t('submitted.byTeacher')}` : ''}
      </Typography>
      {/* An automatic score counts, but the teacher may still change it (a blank answer's 0 is final). */}
      {detail.source !== 'teacher' && answered && (
        <Chip
          size="small"
          variant="outlined"
          label={t('submitted.provisional')}
          sx={{
            mt: 0.5,
            color: '#0d47a1',
            borderColor: '#90caf9',
            maxWidth: '100%',
            height: 'auto',
            '& .MuiChip-label': { whiteSpace: 'normal' },
          }}
        />
      )}
      {detail.comment && (
        <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <strong>{t('submitted.comment')}</strong> {detail.comment}
        </Typography>
      )}
    </Box>
  );
}

interface AnswerProps {
  question: Question;
  /** The student's answer ('' when none). */
  answer: string;
}

/** A multiple-choice answer: the option chosen and, once the teacher shows them, the key. */
function ChosenOptionAnswer({
  question,
  answer,
  optionOrder,
  resultsShown,
}: AnswerProps & { optionOrder: number[]; resultsShown: boolean }) {
  const { t } = useTranslation('student');
  return (
    <>
      <Typography variant="body2">
        {t('submitted.yourAnswer')}{' '}
        <strong>
          {answer.trim() ? <MathText text={optionLabel(question, answer, optionOrder)} /> : t('submitted.noAnswer')}
        </strong>
      </Typography>
      {/* The key comes only when the teacher shows the answers of an ended exam (or never, for students). */}
      {resultsShown && question.answer && (
        <Typography variant="body2" data-testid="correct-answer">
          {t('submitted.correctAnswer')}{' '}
          <strong>
            <MathText text={optionLabel(question, question.answer, optionOrder)} />
          </strong>
        </Typography>
      )}
    </>
  );
}

/** An essay answer as written, with its score and the teacher's comment once shown. */
function EssayAnswer({ answer, detail }: { answer: string; detail: QuestionDetail | undefined }) {
  const { t } = useTranslation('student');
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('submitted.yourAnswer')}
      </Typography>
      <Typography
        sx={{
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          bgcolor: 'grey.50',
          p: 1,
          borderRadius: 1,
          mt: 0.5,
        }}
      >
        {answer.trim() ? answer : t('submitted.noAnswer')}
      </Typography>
      {detail?.kind === 'essay' && <EssayResult detail={detail} answered={answer.trim() !== ''} />}
    </>
  );
}

interface SubmittedQuestionProps extends AnswerProps {
  /** Its place on the student's screen (1-based). */
  position: number;
  optionOrder: number[];
  /** The grade's detail for it, when results are shown. */
  detail: QuestionDetail | undefined;
  resultsShown: boolean;
}

/** One question of a submitted sheet: its heading (right/wrong once shown), picture, text and the answer. */
function SubmittedQuestion({ question, answer, position, optionOrder, detail, resultsShown }: SubmittedQuestionProps) {
  const { t } = useTranslation('student');
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('submitted.question', { number: position })}
      sx={{ p: { xs: 1.5, sm: 2 } }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t('submitted.question', { number: position })}
        </Typography>
        {detail?.kind === 'mc' && (
          <Chip
            size="small"
            color={detail.correct ? 'success' : 'error'}
            label={detail.correct ? t('submitted.correct') : t('submitted.incorrect')}
          />
        )}
      </Stack>
      {question.image && (
        <Box
          component="img"
          src={question.image}
          alt={t('sheet.question.picture', { number: position })}
          loading="lazy"
          decoding="async"
          sx={{ display: 'block', maxWidth: '100%', maxHeight: 320, objectFit: 'contain', my: 1, borderRadius: 1 }}
        />
      )}
      <Typography sx={{ my: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        <MathText text={question.text} />
      </Typography>
      {question.type === 'mc' ? (
        <ChosenOptionAnswer question={question} answer={answer} optionOrder={optionOrder} resultsShown={resultsShown} />
      ) : (
        <EssayAnswer answer={answer} detail={detail} />
      )}
    </Paper>
  );
}

/** A submitted sheet: every question with the student's answer and, once allowed, right/wrong and essay scores. */
export function SubmittedSheetView({ questions, answers, grade, resultsShown, order }: SubmittedSheetViewProps) {
  const { t } = useTranslation('student');
  const reviewOrder = order && order.questions.length === questions.length ? order : originalOrder(questions.length);
  const shown = resultsShown && grade !== undefined;
  const pendingEssays = shown ? questions.filter((_, i) => isPendingEssay(detailOf(grade, i + 1))).length : 0;
  return (
    <Box component="section" aria-label={t('submitted.title')} sx={{ mt: 2 }}>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {t('submitted.title')}
      </Typography>
      {!resultsShown && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('submitted.resultsLater')}
        </Alert>
      )}
      {grade?.key_change && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="key-change-note">
          {t('submitted.keyChanged', { from: formatScore(grade.key_change.from), to: formatScore(grade.score) })}
        </Alert>
      )}
      {pendingEssays > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('submitted.essaysPending', { count: pendingEssays })}
        </Alert>
      )}
      <Stack spacing={1.5}>
        {reviewOrder.questions.map((n, i) => (
          <SubmittedQuestion
            key={n}
            question={questions[n - 1]}
            answer={answers[String(n)] ?? ''}
            position={i + 1}
            optionOrder={reviewOrder.options(n)}
            detail={shown ? detailOf(grade, n) : undefined}
            resultsShown={resultsShown}
          />
        ))}
      </Stack>
    </Box>
  );
}
