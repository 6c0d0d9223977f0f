import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { exercisesApi, materialsApi, type Material } from '@kelasku/shared-api';
import { ClassMaterialsFrame } from '../../components/ClassMaterialsFrame';
import { useAsync } from '../../lib/useAsync';
import { currentStudentId, idParam } from '../../lib/student';
import { formatScore } from '@kelasku/shared-ui/src/numbers';

const PAGE_SIZE = 10;

function TaskCard({ material, score }: { material: Material; score: number | undefined }) {
  const { t } = useTranslation('student');
  const body = (
    <CardContent sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>{material.title}</Typography>
        <Typography color="text.secondary">{material.description}</Typography>
      </Box>
      {material.exercise_id ? (
        <Chip color={score === undefined ? 'default' : 'success'} label={t('taskList.grade', { score: formatScore(score) })} />
      ) : (
        <Chip variant="outlined" label={t('taskList.noExercise')} />
      )}
    </CardContent>
  );
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }}>
      {material.exercise_id ? (
        <CardActionArea component={RouterLink} to={`/MyTask?material_id=${material.id}`}>{body}</CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}

/** /MyDetailClassesTask/:id — the class's materials with their exercise and the student's grade ('Grade: ' + score or '-'). */
export function TaskListPage() {
  const { t } = useTranslation('student');
  const classId = idParam(useParams().id);
  const [page, setPage] = useState(1);
  const state = useAsync(async () => {
    const studentId = currentStudentId();
    if (!classId || !studentId) throw new Error('Class ID not found');
    const [materials, grades] = await Promise.all([materialsApi.fromClass(classId, page, PAGE_SIZE), exercisesApi.allGrades(studentId)]);
    const scores = new Map<number, number>();
    grades.forEach((g) => g.exercise_id !== undefined && scores.set(g.exercise_id, g.score)); // the last row wins, as before
    return { ...materials, scores };
  }, [classId, page]);

  return (
    <ClassMaterialsFrame
      classId={classId}
      list="tasks"
      back={{ to: '/MyClassesTask', label: t('tasks.title') }}
      state={state}
      page={page}
      onPageChange={setPage}
    >
      {(data) => (
        <Box component="ul" aria-label={t('taskList.listLabel')} sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}>
          {data.materials.map((m) => (
            <TaskCard key={m.id} material={m} score={m.exercise_id ? data.scores.get(m.exercise_id) : undefined} />
          ))}
        </Box>
      )}
    </ClassMaterialsFrame>
  );
}
