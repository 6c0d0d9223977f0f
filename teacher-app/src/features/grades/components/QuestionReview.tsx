import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MathText } from '@kelasku/shared-ui';
import { OPTION_LETTERS, type Question, type QuestionDetail } from '@kelasku/shared-api';
import type { WorkRef } from '../../../lib/work';
import { EssayScoring } from './EssayScoring';

interface QuestionReviewProps {
  question: Question;
  /** The student's answer ('' when none). */
  answer: string;
  work: WorkRef;
  studentId: number;
  /** The question's number, from 1. */
  number: number;
  /** How the server scored this question, if it did. */
  detail: QuestionDetail | undefined;
  /** Says what an essay's scoring saved. */
  onDone: (message: string) => void;
}

/** A multiple-choice question: the student's option and the correct one. */
function ChoiceAnswer({ question, answer }: Pick<QuestionReviewProps, 'question' | 'answer'>) {
  const { t } = useTranslation('teacher');
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="body2">
        {t('grades.review.studentAnswer')}{' '}
        <strong>{answer ? answer.toUpperCase() : t('grades.review.noAnswer')}</strong>
        {answer && (
          <MathText
            text={` (${question.options[OPTION_LETTERS.indexOf(answer.toLowerCase() as (typeof OPTION_LETTERS)[number])] ?? ''})`}
          />
        )}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('grades.review.correctAnswer')}{' '}
        {question.answer ? (
          <MathText
            text={`${question.answer.toUpperCase()} (${question.options[OPTION_LETTERS.indexOf(question.answer)]})`}
          />
        ) : (
          '-'
        )}
      </Typography>
    </Box>
  );
}

/** An essay: the student's text, the reference answer, and its scoring. */
function EssayAnswer({ question, answer, detail, number, work, studentId, onDone }: QuestionReviewProps) {
  const { t } = useTranslation('teacher');
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('grades.review.studentAnswer')}
      </Typography>
      <Typography
        sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', bgcolor: 'grey.50', p: 1.5, borderRadius: 1, mt: 0.5 }}
      >
        {answer || t('grades.review.noAnswer')}
      </Typography>
      {question.essayAnswer && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
          <strong>{t('grades.review.referenceAnswer')}</strong> {question.essayAnswer}
        </Typography>
      )}
      {detail?.kind === 'essay' && (
        <EssayScoring
          work={work}
          studentId={studentId}
          detail={detail}
          number={number}
          answered={answer.trim() !== ''}
          onDone={onDone}
        />
      )}
    </Box>
  );
}

/** One question of the sheet: its text and image, the student's answer, and (for an essay) its scoring. */
export function QuestionReview(props: QuestionReviewProps) {
  const { t } = useTranslation('teacher');
  const { question, answer, number, detail } = props;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('grades.review.question', { number })}
      sx={{ p: { xs: 1.5, sm: 2.5 } }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {t('grades.review.question', { number })}
        </Typography>
        <Chip
          size="small"
          label={question.type === 'essay' ? t('grades.review.essay') : t('grades.review.multipleChoice')}
        />
        {detail?.kind === 'mc' && (
          <Chip
            size="small"
            color={detail.correct ? 'success' : 'error'}
            label={detail.correct ? t('grades.review.correct') : t('grades.review.incorrect')}
          />
        )}
      </Stack>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        <MathText text={question.text} />
      </Typography>
      {question.image && (
        <Box
          component="img"
          src={question.image}
          alt={t('grades.review.image', { number })}
          sx={{ display: 'block', maxWidth: '100%', maxHeight: 240, mt: 1 }}
        />
      )}
      {question.type === 'mc' ? <ChoiceAnswer question={question} answer={answer} /> : <EssayAnswer {...props} />}
    </Paper>
  );
}
