import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatScore } from '@kelasku/shared-ui/src/numbers';
import type { QuestionDetail } from '@kelasku/shared-api';
import { infoChipSx, warningChipSx } from '../../../lib/chip-styles';
import type { WorkRef } from '../../../lib/work';
import { useScoreEssay } from '../api';
import { EssayScoreForm } from './EssayScoreForm';

/** The message key naming who scored an essay. */
const SOURCE_KEY = {
  local: 'grades.review.source.local',
  openai: 'grades.review.source.openai',
  teacher: 'grades.review.source.teacher',
} as const;

export type EssayDetailOf = Extract<QuestionDetail, { kind: 'essay' }>;

function EssayDetail({
  detail,
  number,
  answered,
  onConfirm,
  confirming,
  failed,
}: {
  detail: EssayDetailOf;
  number: number;
  answered: boolean;
  onConfirm: () => void;
  /** The confirmation is on its way / its last try failed (the mutation's isPending / isError). */
  confirming: boolean;
  failed: boolean;
}) {
  const { t } = useTranslation('teacher');
  // An automatic score counts for now; the student sees it as provisional until the teacher confirms or changes it.
  const unconfirmed = detail.source !== 'teacher' && !detail.pending && detail.score != null && answered;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, mt: 1 }}>
      <Typography variant="body2">
        {t('grades.review.score')} <strong>{formatScore(detail.score)}</strong> / {formatScore(detail.max)}
        {detail.score != null &&
          ` ${t('grades.review.by', { source: detail.source in SOURCE_KEY ? t(SOURCE_KEY[detail.source]) : detail.source })}`}
      </Typography>
      {detail.pending && <Chip size="small" label={t('grades.marks.pending')} sx={warningChipSx} />}
      {unconfirmed && (
        <>
          <Chip size="small" label={t('grades.review.notConfirmed')} sx={infoChipSx} />
          <Button
            size="small"
            variant="contained"
            disabled={confirming}
            onClick={onConfirm}
            aria-label={confirming ? undefined : t('grades.review.confirmOf', { number })}
          >
            {confirming ? t('grades.review.confirming') : t('grades.review.confirm')}
          </Button>
        </>
      )}
      {failed && (
        <Typography variant="body2" color="error" role="alert">
          {t('grades.review.confirmFailed')}
        </Typography>
      )}
    </Stack>
  );
}

/**
 * One essay's scoring: confirming its automatic score, or the teacher's own score and comment (each its own
 * mutation, so each shows its own progress and failure); `onDone` says what was saved.
 */
export function EssayScoring({
  work,
  studentId,
  detail,
  number,
  answered,
  onDone,
}: {
  work: WorkRef;
  studentId: number;
  detail: EssayDetailOf;
  number: number;
  answered: boolean;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation('teacher');
  const confirm = useScoreEssay(work, studentId);
  const save = useScoreEssay(work, studentId);
  return (
    <>
      <EssayDetail
        detail={detail}
        number={number}
        answered={answered}
        confirming={confirm.isPending}
        failed={confirm.isError}
        onConfirm={() =>
          confirm.mutate(
            { number, score: detail.score ?? 0 },
            { onSuccess: () => onDone(t('grades.review.confirmed', { number })) },
          )
        }
      />
      <EssayScoreForm
        key={`${number}-${detail.score ?? ''}-${detail.comment ?? ''}`}
        number={number}
        max={detail.max}
        current={detail.score}
        currentComment={detail.comment}
        saving={save.isPending}
        failed={save.isError}
        onSave={(score, comment) =>
          save.mutate(
            { number, score, comment },
            {
              onSuccess: (grade) => onDone(t('grades.review.saved', { number, total: formatScore(grade.score) })),
            },
          )
        }
      />
    </>
  );
}
