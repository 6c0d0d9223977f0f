import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState, formatDateId, formatWibRange } from '@kelasku/shared-ui';
import type { Exam, Material } from '@kelasku/shared-api';
import { useExamStatusText } from '../../../hooks/useExamStatusText';
import { CloseExamButton, ExamKindChip, PastExams } from './ExamTerm';

function ExamBlock({ classId, exam }: { classId: number; exam: Exam | null }) {
  const { t } = useTranslation('teacher');
  const statusText = useExamStatusText();
  if (!exam) {
    return (
      <EmptyState
        message={t('classStream.classwork.noExam')}
        action={
          <Button variant="contained" component={RouterLink} to={`/CreateExam?class_id=${classId}`}>
            {t('classStream.createExam')}
          </Button>
        }
      />
    );
  }
  return (
    <Box sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography sx={{ fontWeight: 600 }}>{exam.title}</Typography>
        <Chip size="small" label={statusText(exam.status)} />
        <ExamKindChip exam={exam} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {formatDateId(exam.start_time)}, {formatWibRange(exam.start_time, exam.end_time)}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Button size="small" component={RouterLink} to={`/PreviewAnExam?class_id=${classId}`}>
          {t('classStream.previewExam')}
        </Button>
        <Button size="small" component={RouterLink} to={`/Grades?exam_id=${exam.id}`}>
          {t('classStream.classwork.examGrades')}
        </Button>
        <CloseExamButton exam={exam} />
      </Stack>
    </Box>
  );
}

/** Classwork: the class's exam and, per material, its exercise with links to preview and grades. */
export function ClassworkTab({
  classId,
  materials,
  exam,
}: {
  classId: number;
  materials: Material[];
  exam: Exam | null;
}) {
  const { t } = useTranslation('teacher');
  return (
    <Stack spacing={3}>
      <Box component="section" aria-labelledby="classwork-exam">
        <Typography id="classwork-exam" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
          {t('classStream.classwork.exam')}
        </Typography>
        <ExamBlock classId={classId} exam={exam} />
      </Box>
      <PastExams classId={classId} hasCurrent={exam != null} />
      <Box component="section" aria-labelledby="classwork-exercises">
        <Typography id="classwork-exercises" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
          {t('classStream.classwork.exercises')}
        </Typography>
        {materials.length === 0 ? (
          <EmptyState message={t('classStream.classwork.noMaterials')} />
        ) : (
          <List disablePadding>
            {materials.map((m, i) => (
              <ListItem key={m.id} divider={i < materials.length - 1} sx={{ px: 0, gap: 1, flexWrap: 'wrap' }}>
                <Box sx={{ flex: 1, minWidth: 180 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{m.title}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {m.exercise_id != null
                      ? t('classStream.classwork.exerciseReady')
                      : t('classStream.classwork.noExercise')}
                  </Typography>
                </Box>
                {m.exercise_id != null ? (
                  <Stack direction="row" spacing={1}>
                    <Button
                      size="small"
                      component={RouterLink}
                      to={`/PreviewExercise?material_id=${m.id}`}
                      aria-label={t('classStream.classwork.previewLabel', { title: m.title })}
                    >
                      {t('classStream.classwork.preview')}
                    </Button>
                    <Button
                      size="small"
                      component={RouterLink}
                      to={`/Grades?exercise_id=${m.exercise_id}`}
                      aria-label={t('classStream.classwork.gradesLabel', { title: m.title })}
                    >
                      {t('classStream.classwork.grades')}
                    </Button>
                  </Stack>
                ) : (
                  <Button
                    size="small"
                    component={RouterLink}
                    to={`/CreateExercise?material_id=${m.id}`}
                    aria-label={t('classStream.createExerciseLabel', { title: m.title })}
                  >
                    {t('classStream.createExercise')}
                  </Button>
                )}
              </ListItem>
            ))}
          </List>
        )}
      </Box>
    </Stack>
  );
}
