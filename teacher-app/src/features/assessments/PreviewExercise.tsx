import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Stack, Typography } from '@mui/material';
import { ConfirmDialog, EmptyState, ErrorState, LoadingState } from '@kelasku/shared-ui';
import { exercisesApi } from '@kelasku/shared-api';
import { useAsync } from '../../lib/useAsync';
import { useGoBack } from '../../lib/useGoBack';
import { useNumberParam } from '../../lib/params';
import { MissingId } from './ScreenStates';
import { QuestionPreviewList } from './QuestionPreviewList';
import { loadExercise, subjectTitle } from './data';

/** /PreviewExercise?material_id=: the exercise with its answer key, Edit, Delete and the grades. */
export default function PreviewExercise() {
  const materialId = useNumberParam('material_id');
  const goBack = useGoBack(materialId ? `/DetailSubjects?id=${materialId}` : '/DashboardTeacher');
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const state = useAsync(
    async () => (materialId ? Promise.all([loadExercise(materialId), subjectTitle(materialId)]) : null),
    [materialId],
  );

  if (!materialId) return <MissingId what="subject" onBack={goBack} />;
  if (state.loading) return <LoadingState />;
  if (state.error || !state.data) return <ErrorState message="Failed fetching exercise preview" onRetry={state.reload} />;
  const [exercise, title] = state.data;
  if (!exercise) {
    return (
      <EmptyState
        message="Oops! It seems you haven't created exercise for this subject yet."
        action={<Button variant="contained" component={RouterLink} to={`/CreateExercise?material_id=${materialId}`}>Create an exercise for this subject</Button>}
      />
    );
  }

  const remove = async () => {
    setDeleting(true);
    try {
      await exercisesApi.remove(exercise.id);
    } catch {
      setDeleting(false);
      setConfirming(false);
      window.alert('Error deleting exercise');
      return;
    }
    window.alert('Successfully deleted exercise');
    goBack();
  };

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Button onClick={goBack} sx={{ mb: 1 }}>Back</Button>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2rem' }, overflowWrap: 'anywhere' }}>
        {exercise.title}
      </Typography>
      {title && <Typography color="text.secondary" sx={{ mt: 0.5 }}>Exercise for {title}</Typography>}
      <Stack direction="row" spacing={1} useFlexGap sx={{ my: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="contained" component={RouterLink} to={`/EditExercise?material_id=${materialId}`}>Edit</Button>
        <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>Delete</Button>
        <Button variant="text" component={RouterLink} to={`/Grades?exercise_id=${exercise.id}`}>Grades &amp; essay review</Button>
      </Stack>
      <QuestionPreviewList content={exercise.content} />
      <ConfirmDialog
        open={confirming}
        title="Delete Exercise"
        message={`are you sure you want to delete ${exercise.title}? Students' answers and grades for it are deleted too.`}
        confirmLabel="Delete"
        destructive
        busy={deleting}
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
