import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ErrorState, LoadingState, NotFoundState } from '@kelasku/shared-ui';
import { OPTION_LETTERS, parseQuestions, type QuestionDetail, type SubmissionDetail } from '@kelasku/shared-api';
import { useAsync } from '../../lib/useAsync';
import { useGoBack } from '../../lib/useGoBack';
import { parsePositiveInt } from '../../lib/params';
import { EssayScoreForm } from './EssayScoreForm';
import { formatScore } from './score';
import { infoChipSx, warningChipSx } from '../../lib/chipStyles';
import { workApi, workFromParams, workQuery } from './kind';
import { nextToReview } from './queue';

const SOURCE_LABEL = { local: 'automatic scorer', openai: 'AI scorer', teacher: 'teacher' } as const;

function EssayDetail({ detail, number, answered, onConfirm }: {
  detail: Extract<QuestionDetail, { kind: 'essay' }>;
  number: number;
  answered: boolean;
  onConfirm: () => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // An automatic score counts for now; the student sees it as provisional until the teacher confirms or changes it.
  const unconfirmed = detail.source !== 'teacher' && !detail.pending && detail.score != null && answered;
  const confirm = async () => {
    setConfirming(true);
    setProblem(null);
    try {
      await onConfirm();
    } catch {
      setProblem('Failed to confirm the score. Please try again.');
    } finally {
      setConfirming(false);
    }
  };
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, mt: 1 }}>
      <Typography variant="body2">
        Score: <strong>{detail.score == null ? '-' : formatScore(detail.score)}</strong> / {formatScore(detail.max)}
        {detail.score != null && ` (by ${SOURCE_LABEL[detail.source] ?? detail.source})`}
      </Typography>
      {detail.pending && <Chip size="small" label="Pending review" sx={warningChipSx} />}
      {unconfirmed && (
        <>
          <Chip size="small" label="Not confirmed" sx={infoChipSx} />
          <Button size="small" variant="contained" disabled={confirming} onClick={confirm} aria-label={confirming ? undefined : `Confirm score for question ${number}`}>
            {confirming ? 'Confirming...' : 'Confirm score'}
          </Button>
        </>
      )}
      {problem && <Typography variant="body2" color="error" role="alert">{problem}</Typography>}
    </Stack>
  );
}

/** /Review?exercise_id=|exam_id=&student_id=: one student's answers, automatic scores, and essay overrides. */
export default function Review() {
  const [params] = useSearchParams();
  const work = workFromParams(params);
  const studentId = parsePositiveInt(params.get('student_id'));
  const goBack = useGoBack(work ? `/Grades?${workQuery(work)}` : '/DashboardTeacher');
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => setSaved(null), [studentId]);
  const sheet = useAsync(
    () => (work && studentId ? workApi(work.kind).submission(work.id, studentId) : Promise.reject(new Error('missing id'))),
    [work?.kind, work?.id, studentId],
  );
  // The class list, for "Next student" (read again for each student, so confirmed sheets drop out).
  const list = useAsync(
    () => (work ? workApi(work.kind).submissions(work.id) : Promise.reject(new Error('missing id'))),
    [work?.kind, work?.id, studentId],
  );

  if (!work || !studentId) return <NotFoundState message="No submission was chosen." backTo="/DashboardTeacher" backLabel="Back to Dashboard" />;
  if (sheet.loading) return <LoadingState />;
  if (sheet.error || !sheet.data) return <ErrorState message="Failed to load this submission." onRetry={sheet.reload} />;
  const data: SubmissionDetail = sheet.data;
  const questions = parseQuestions(data.content);
  const answers = data.answers ?? {};
  const pendingCount = Object.values(data.detail ?? {}).filter((d) => d.kind === 'essay' && d.pending).length;
  const next = Array.isArray(list.data) ? nextToReview(list.data, studentId) : null;

  const saveEssay = async (number: number, score: number, comment: string) => {
    const grade = await workApi(work.kind).setEssayScore(work.id, studentId, number, score, comment);
    const detail = (grade.detail ?? data.detail) as SubmissionDetail['detail'];
    sheet.setData({ ...data, score: grade.score, detail });
    setSaved(`Score for question ${number} saved. New total: ${formatScore(grade.score)}.`);
  };
  const confirmEssay = async (number: number, score: number) => {
    const grade = await workApi(work.kind).setEssayScore(work.id, studentId, number, score);
    const detail = (grade.detail ?? data.detail) as SubmissionDetail['detail'];
    sheet.setData({ ...data, score: grade.score, detail });
    setSaved(`Score for question ${number} confirmed.`);
  };

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Stack direction="row" spacing={1} sx={{ mb: 1, justifyContent: 'space-between', alignItems: 'center' }}>
        <Button onClick={goBack}>Back</Button>
        {next ? (
          <Button variant="outlined" component={RouterLink} replace to={`/Review?${workQuery(work)}&student_id=${next.student_id}`} aria-label={`Next student: ${next.name}`}>
            Next student
          </Button>
        ) : list.data ? (
          <Typography variant="body2" color="text.secondary">No other sheet to review</Typography>
        ) : null}
      </Stack>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2rem' }, overflowWrap: 'anywhere' }}>
        {data.student.name}
      </Typography>
      <Typography color="text.secondary">NIS {data.student.nis} · {work.kind === 'exam' ? 'Exam' : 'Exercise'} answers</Typography>
      <Paper variant="outlined" sx={{ p: 2, my: 2 }}>
        <Typography variant="h6" component="p" aria-live="polite">
          Total score: {data.score == null ? 'not graded yet' : `${formatScore(data.score)} / 100`}
        </Typography>
        {pendingCount > 0 && (
          <Typography color="warning.dark">{pendingCount} essay{pendingCount > 1 ? 's' : ''} pending review</Typography>
        )}
      </Paper>
      {saved && <Alert severity="success" sx={{ mb: 2 }} onClose={() => setSaved(null)}>{saved}</Alert>}
      <Stack spacing={2}>
        {questions.map((q, i) => {
          const number = i + 1;
          const answer = answers[String(number)] ?? '';
          const detail = data.detail?.[String(number)];
          return (
            <Paper key={number} variant="outlined" component="section" aria-label={`Question ${number}`} sx={{ p: { xs: 1.5, sm: 2.5 } }}>
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 0.5 }}>
                <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>Question {number}</Typography>
                <Chip size="small" label={q.type === 'essay' ? 'Essay' : 'Multiple choice'} />
                {detail?.kind === 'mc' && (
                  <Chip size="small" color={detail.correct ? 'success' : 'error'} label={detail.correct ? 'Correct' : 'Incorrect'} />
                )}
              </Stack>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{q.text}</Typography>
              {q.image && <Box component="img" src={q.image} alt={`Image for question ${number}`} sx={{ display: 'block', maxWidth: '100%', maxHeight: 240, mt: 1 }} />}
              {q.type === 'mc' ? (
                <Box sx={{ mt: 1 }}>
                  <Typography variant="body2">
                    Student's answer: <strong>{answer ? answer.toUpperCase() : 'no answer'}</strong>
                    {answer && ` (${q.options[OPTION_LETTERS.indexOf(answer.toLowerCase() as (typeof OPTION_LETTERS)[number])] ?? ''})`}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    Correct answer: {q.answer ? `${q.answer.toUpperCase()} (${q.options[OPTION_LETTERS.indexOf(q.answer)]})` : '-'}
                  </Typography>
                </Box>
              ) : (
                <Box sx={{ mt: 1 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>Student's answer:</Typography>
                  <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', bgcolor: 'grey.50', p: 1.5, borderRadius: 1, mt: 0.5 }}>
                    {answer || 'no answer'}
                  </Typography>
                  {q.essayAnswer && (
                    <Typography variant="body2" color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-wrap' }}>
                      <strong>Reference answer:</strong> {q.essayAnswer}
                    </Typography>
                  )}
                  {detail?.kind === 'essay' && (
                    <>
                      <EssayDetail
                        detail={detail}
                        number={number}
                        answered={answer.trim() !== ''}
                        onConfirm={() => confirmEssay(number, detail.score ?? 0)}
                      />
                      <EssayScoreForm
                        key={`${number}-${detail.score ?? ''}-${detail.comment ?? ''}`}
                        number={number}
                        max={detail.max}
                        current={detail.score}
                        currentComment={detail.comment}
                        onSave={(score, comment) => saveEssay(number, score, comment)}
                      />
                    </>
                  )}
                </Box>
              )}
            </Paper>
          );
        })}
      </Stack>
    </Box>
  );
}
