import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { useQuery } from '@tanstack/react-query';
import { exercisesApi, parseQuestions } from '@kelasku/shared-api';
import { publicIdsSeed, sheetOrder } from '@kelasku/shared-rules';
import { ErrorState, LoadFailure, LoadingState, NotFoundState } from '@kelasku/shared-ui/src/states';
import { PageTitle } from '../../../components/PageTitle';
import { useGoBack } from '@kelasku/shared-ui/src/useGoBack';
import { awaitsData } from '../../../lib/query-state';
import { currentStudentId, idParam } from '../../../lib/student';
import { AnswerSheetView } from './AnswerSheetView';
import { SubmittedSheetView } from './SubmittedSheetView';
import { formatScore } from '@kelasku/shared-ui/src/numbers';
import { ScoreDialog } from './ScoreDialog';
import { useAnswerSheet } from '../hooks/useAnswerSheet';
import { exerciseOfMaterialQuery, storedGradeQuery, useSubmitSheet } from '../api';

/** /MyTask?material_id= — answering the material's exercise. */
export default function TaskPage() {
  const { t } = useTranslation('student');
  const materialId = idParam(useSearchParams()[0].get('material_id'));
  const studentId = currentStudentId();
  const goBack = useGoBack('/MyClassesTask');

  const exerciseLoad = useQuery({ ...exerciseOfMaterialQuery(materialId ?? 0), enabled: Boolean(materialId) });
  const exercise = exerciseLoad.data;
  const questions = useMemo(() => parseQuestions(exercise?.content), [exercise]);
  // This student's own order, from the seed the server gave with the read (the same on every device and after a
  // reload); answers keep the original numbers. A server too old to send a seed shuffled by the public ids.
  const order = useMemo(
    () =>
      exercise && studentId
        ? sheetOrder(
            exercise.order_seed ?? publicIdsSeed('exercise', exercise.id, studentId),
            questions.length,
            exercise,
          )
        : undefined,
    [exercise, studentId, questions.length],
  );
  const sheet = useAnswerSheet({
    kind: 'exercise',
    itemId: exercise?.id,
    studentId,
    api: exercisesApi.answers,
    enabled: Boolean(exercise),
  });
  const storedGrade = useQuery({
    ...storedGradeQuery('exercise', exercise?.id ?? 0, studentId ?? 0),
    enabled: sheet.phase === 'submitted' && Boolean(exercise && studentId),
  });

  const submit = useSubmitSheet({
    kind: 'exercise',
    itemId: exercise?.id,
    studentId,
    flush: sheet.flush,
    onSubmitted: sheet.markSubmitted,
  });
  const grade = submit.data ?? null;

  const loading = (Boolean(materialId) && awaitsData(exerciseLoad)) || (exercise && sheet.phase === 'loading');
  return (
    <>
      <Button onClick={goBack} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        {t('task.back')}
      </Button>
      <PageTitle>{exercise?.title ?? t('task.title')}</PageTitle>
      {loading && <LoadingState text={t('task.loading')} />}
      {!materialId && (
        <NotFoundState message={t('task.noMaterial')} backTo="/MyClassesTask" backLabel={t('task.backToTasks')} />
      )}
      {materialId && !loading && exercise === undefined && (
        <LoadFailure
          error={exerciseLoad.error}
          what={t('what.material')}
          failed={t('task.failed')}
          onRetry={() => void exerciseLoad.refetch()}
          backTo="/MyClassesTask"
          backLabel={t('task.backToTasks')}
        />
      )}
      {!loading && exercise === null && <Alert severity="info">{t('task.none')}</Alert>}
      {!loading && exercise && sheet.phase === 'error' && (
        <ErrorState message={t('task.sheetError')} onRetry={sheet.reload} />
      )}
      {!loading && exercise && sheet.phase === 'submitted' && !grade && (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {t('task.submitted')}
          </Typography>
          <Typography sx={{ mt: 1 }}>
            {t('task.grade', { score: formatScore(storedGrade.data?.score ?? sheet.sheet?.score) })}
          </Typography>
        </Paper>
      )}
      {!loading && exercise && sheet.phase === 'submitted' && !grade && (
        <SubmittedSheetView
          questions={questions}
          answers={sheet.answers}
          grade={storedGrade.data ?? undefined}
          resultsShown
          order={order}
        />
      )}
      {!loading && exercise && sheet.phase === 'open' && (
        <Box>
          <AnswerSheetView
            kind="task"
            questions={questions}
            answers={sheet.answers}
            queueState={sheet.queueState}
            locked={sheet.queueState.kind === 'locked'}
            onAnswer={(n, value, { essay }) => sheet.setAnswer(n, value, { essay })}
            submission={submit}
            order={order}
          />
        </Box>
      )}
      <ScoreDialog grade={grade} onClose={goBack} />
    </>
  );
}
