import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { Material } from '@kelasku/shared-api';
import { formatScore } from '@kelasku/shared-ui/src/numbers';
import { usePageParam } from '@kelasku/shared-ui/src/usePageParam';
import { currentStudentId, idParam } from '../../../lib/student';
import { classMaterialsQuery } from '../../../lib/class-queries';
import { ClassMaterialsFrame } from '../../../components/ClassMaterialsFrame';
import { exerciseScoresQuery } from '../api';

const PAGE_SIZE = 10;

function TaskCard({ material, score }: { material: Material; score: number | undefined }) {
  const { t } = useTranslation('student');
  const body = (
    <CardContent
      sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {material.title}
        </Typography>
        <Typography color="text.secondary">{material.description}</Typography>
      </Box>
      {material.exercise_id ? (
        <Chip
          color={score === undefined ? 'default' : 'success'}
          label={t('taskList.grade', { score: formatScore(score) })}
        />
      ) : (
        <Chip variant="outlined" label={t('taskList.noExercise')} />
      )}
    </CardContent>
  );
  return (
    <Card variant="outlined" component="li" sx={{ listStyle: 'none' }}>
      {material.exercise_id ? (
        <CardActionArea component={RouterLink} to={`/MyTask?material_id=${material.id}`}>
          {body}
        </CardActionArea>
      ) : (
        body
      )}
    </Card>
  );
}

/** /MyDetailClassesTask/:id — the class's materials with their exercise and the student's grade ('Grade: ' + score or '-'). */
export default function TaskListPage() {
  const { t } = useTranslation('student');
  const classId = idParam(useParams().id);
  const [page, setPage] = usePageParam();
  const studentId = currentStudentId();
  // Two reads: turning a page asks only for that page's materials; the grades stay as they are.
  const materials = useQuery({ ...classMaterialsQuery(classId ?? 0, page, PAGE_SIZE), enabled: Boolean(classId) });
  const scores = useQuery({ ...exerciseScoresQuery(studentId), enabled: Boolean(classId) });
  // Shown when both are here; failed when either failed (Retry asks again for what failed).
  const view = {
    data: materials.data && scores.data ? { ...materials.data, scores: scores.data } : undefined,
    error: materials.error ?? scores.error,
    isPending: materials.isPending || scores.isPending,
    isFetching: materials.isFetching || scores.isFetching,
    refetch: () => {
      if (materials.isError) void materials.refetch();
      if (scores.isError) void scores.refetch();
    },
  };

  return (
    <ClassMaterialsFrame
      classId={classId}
      list="tasks"
      back={{ to: '/MyClassesTask', label: t('tasks.title') }}
      query={view}
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
