import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState, formatDateId } from '@kelasku/shared-ui';
import type { Exam, Material } from '@kelasku/shared-api';
import { wibRangeLabel } from '../../lib/examTime';

function ExamBlock({ classId, exam }: { classId: number; exam: Exam | null }) {
  if (!exam) {
    return (
      <EmptyState
        message="Oops! It seems you haven't created exam for this class yet."
        action={<Button variant="contained" component={RouterLink} to={`/CreateExam?class_id=${classId}`}>Create an Exam</Button>}
      />
    );
  }
  return (
    <Box sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography sx={{ fontWeight: 600 }}>{exam.title}</Typography>
        <Chip size="small" label={exam.status} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {formatDateId(exam.start_time)}, {wibRangeLabel(exam)}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button size="small" component={RouterLink} to={`/PreviewAnExam?class_id=${classId}`}>Preview your Exam</Button>
        <Button size="small" component={RouterLink} to={`/Grades?exam_id=${exam.id}`}>Exam grades</Button>
      </Stack>
    </Box>
  );
}

/** Classwork: the class's exam and, per material, its exercise with links to preview and grades. */
export function ClassworkTab({ classId, materials, exam }: { classId: number; materials: Material[]; exam: Exam | null }) {
  return (
    <Stack spacing={3}>
      <Box component="section" aria-labelledby="classwork-exam">
        <Typography id="classwork-exam" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>Exam</Typography>
        <ExamBlock classId={classId} exam={exam} />
      </Box>
      <Box component="section" aria-labelledby="classwork-exercises">
        <Typography id="classwork-exercises" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>Exercises</Typography>
        {materials.length === 0 ? (
          <EmptyState message="No materials in this class yet; an exercise belongs to a material." />
        ) : (
          <List disablePadding>
            {materials.map((m, i) => (
                <ListItem key={m.id} divider={i < materials.length - 1} sx={{ px: 0, gap: 1, flexWrap: 'wrap' }}>
                  <Box sx={{ flex: 1, minWidth: 180 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{m.title}</Typography>
                    <Typography variant="body2" color="text.secondary">{m.exercise_id != null ? 'Exercise ready' : 'No exercise yet'}</Typography>
                  </Box>
                  {m.exercise_id != null ? (
                    <Stack direction="row" spacing={1}>
                      <Button size="small" component={RouterLink} to={`/PreviewExercise?material_id=${m.id}`} aria-label={`Preview exercise of ${m.title}`}>Preview</Button>
                      <Button size="small" component={RouterLink} to={`/Grades?exercise_id=${m.exercise_id}`} aria-label={`Grades of ${m.title}`}>Grades</Button>
                    </Stack>
                  ) : (
                    <Button size="small" component={RouterLink} to={`/CreateExercise?material_id=${m.id}`} aria-label={`Create exercise for ${m.title}`}>Create exercise</Button>
                  )}
                </ListItem>
            ))}
          </List>
        )}
      </Box>
    </Stack>
  );
}
