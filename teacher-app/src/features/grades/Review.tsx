import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import { ErrorState, LoadingState } from '@kelasku/shared-ui';
import { OPTION_LETTERS, parseQuestions, type QuestionDetail, type SubmissionDetail } from '@kelasku/shared-api';
import { useAsync } from '../../lib/useAsync';
import { useGoBack } from '../../lib/useGoBack';
import { parsePositiveInt } from '../../lib/params';
import { EssayScoreForm } from './EssayScoreForm';
import { formatScore } from './score';
import { warningChipSx } from '../../lib/chipStyles';
import { workApi, workFromParams, workQuery } from './kind';

const SOURCE_LABEL = { local: 'automatic scorer', openai: 'AI scorer', teacher: 'teacher' } as const;

function EssayDetail({ detail }: { detail: Extract<QuestionDetail, { kind: 'essay' }> }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, mt: 1 }}>
      <Typography variant="body2">
        Score: <strong>{detail.score == null ? '-' : formatScore(detail.score)}</strong> / {formatScore(detail.max)}
        {detail.score != null && ` (by ${SOURCE_LABEL[detail.source] ?? detail.source})`}
      </Typography>
      {detail.pending && <Chip size="small" label="Pending review" sx={warningChipSx} />}
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
  const sheet = useAsync(
    () => (work && studentId ? workApi(work.kind).submission(work.id, studentId) : Promise.reject(new Error('missing id'))),
    [work?.kind, work?.id, studentId],
  );

  if (!work || !studentId) return <ErrorState message="No submission was chosen." onRetry={goBack} retryLabel="Go Back" />;
  if (sheet.loading) return <LoadingState />;
  if (sheet.error || !sheet.data) return <ErrorState message="Failed to load this submission." onRetry={sheet.reload} />;
  const data: SubmissionDetail = sheet.data;
  const questions = parseQuestions(data.content);
  const answers = data.answers ?? {};
  const pendingCount = Object.values(data.detail ?? {}).filter((d) => d.kind === 'essay' && d.pending).length;

  const saveEssay = async (number: number, score: number) => {
    const grade = await workApi(work.kind).setEssayScore(work.id, studentId, number, score);
    const detail = (grade.detail ?? data.detail) as SubmissionDetail['detail'];
    sheet.setData({ ...data, score: grade.score, detail });
    setSaved(`Score for question ${number} saved. New total: ${formatScore(grade.score)}.`);
  };

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Button onClick={goBack} sx={{ mb: 1 }}>Back</Button>
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
                      <EssayDetail detail={detail} />
                      <EssayScoreForm
                        key={`${number}-${detail.score ?? ''}`}
                        number={number}
                        max={detail.max}
                        current={detail.score}
                        onSave={(score) => saveEssay(number, score)}
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
