import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import { ConfirmDialog, EmptyState, ErrorState, LoadingState, formatDateId } from '@kelasku/shared-ui';
import { examsApi } from '@kelasku/shared-api';
import { useAsync } from '../../lib/useAsync';
import { useGoBack } from '../../lib/useGoBack';
import { useNumberParam } from '../../lib/params';
import { MissingId } from './ScreenStates';
import { QuestionPreviewList } from './QuestionPreviewList';
import { className, loadExam } from './data';
import { wibRangeLabel } from './schedule';
import { infoChipSx } from '../../lib/chipStyles';


/** /PreviewAnExam?class_id=: the class's exam with its date, WIB window and answer key; Edit, Delete, grades. */
export default function PreviewExam() {
  const classId = useNumberParam('class_id');
  const goBack = useGoBack(classId ? `/ManageTaskExam?class_id=${classId}` : '/DashboardTeacher');
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const state = useAsync(async () => (classId ? Promise.all([loadExam(classId), className(classId)]) : null), [classId]);

  if (!classId) return <MissingId what="class" onBack={goBack} />;
  if (state.loading) return <LoadingState />;
  if (state.error || !state.data) return <ErrorState message="Failed to fetch exams preview." onRetry={state.reload} />;
  const [exam, name] = state.data;
  if (!exam) {
    return (
      <EmptyState
        message="Oops! It seems you haven't created exam for this class yet."
        action={<Button variant="contained" component={RouterLink} to={`/CreateExam?class_id=${classId}`}>Create an Exam</Button>}
      />
    );
  }

  const remove = async () => {
    setDeleting(true);
    try {
      await examsApi.remove(exam.id);
    } catch {
      setDeleting(false);
      setConfirming(false);
      window.alert('error deleting exam');
      return;
    }
    window.alert('Succesfully deleted exam');
    goBack();
  };

  return (
    <Box sx={{ maxWidth: 960 }}>
      <Button onClick={goBack} sx={{ mb: 1 }}>Back</Button>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700, fontSize: { xs: '1.6rem', sm: '2rem' }, overflowWrap: 'anywhere' }}>
        {exam.title}
      </Typography>
      {name && <Typography color="text.secondary" sx={{ mt: 0.5 }}>Exam for class {name}</Typography>}
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1.5, alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{formatDateId(exam.start_time)}</Typography>
        <Typography>{wibRangeLabel(exam)}</Typography>
        {exam.status && <Chip size="small" color={exam.status === 'Active' ? 'success' : 'default'} label={exam.status} sx={exam.status === 'Scheduled' ? infoChipSx : undefined} />}
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ my: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="contained" component={RouterLink} to={`/EditExam?class_id=${classId}`}>Edit</Button>
        <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>Delete</Button>
        <Button variant="text" component={RouterLink} to={`/Grades?exam_id=${exam.id}`}>Grades &amp; essay review</Button>
      </Stack>
      <QuestionPreviewList content={exam.content} />
      <ConfirmDialog
        open={confirming}
        title="Delete Exam"
        message={`are you sure you want to delete ${exam.title}? Students' answers and grades for it are deleted too.`}
        confirmLabel="Delete"
        destructive
        busy={deleting}
        onConfirm={remove}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
