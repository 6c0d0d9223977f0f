import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { exercisesApi, materialsApi, type Material } from '@kelasku/shared-api';
import { EmptyState, LoadFailure, LoadingState, NotFoundState, Pagination } from '@kelasku/shared-ui';
import { PageTitle } from '../../components/PageTitle';
import { useClassName } from '../../components/useClassName';
import { useAsync } from '../../lib/useAsync';
import { currentStudentId, idParam } from '../../lib/student';
import { formatScore } from '../../lib/score';

const PAGE_SIZE = 10;

function TaskCard({ material, score }: { material: Material; score: number | undefined }) {
  const body = (
    <CardContent sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>{material.title}</Typography>
        <Typography color="text.secondary">{material.description}</Typography>
      </Box>
      {material.exercise_id ? (
        <Chip color={score === undefined ? 'default' : 'success'} label={'Grade: ' + formatScore(score)} />
      ) : (
        <Chip variant="outlined" label="No exercise yet" />
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
  const classId = idParam(useParams().id);
  const className = useClassName(classId);
  const [page, setPage] = useState(1);
  const { data, error, loading, reload } = useAsync(async () => {
    const studentId = currentStudentId();
    if (!classId || !studentId) throw new Error('Class ID not found');
    const [materials, grades] = await Promise.all([materialsApi.fromClass(classId, page, PAGE_SIZE), exercisesApi.allGrades(studentId)]);
    const scores = new Map<number, number>();
    grades.forEach((g) => g.exercise_id !== undefined && scores.set(g.exercise_id, g.score)); // the last row wins, as before
    return { ...materials, scores };
  }, [classId, page]);

  return (
    <>
      <Button component={RouterLink} to="/MyClassesTask" startIcon={<ArrowBack />} sx={{ mb: 1 }}>My Tasks</Button>
      <PageTitle>{className ? `${className} Tasks` : 'Class Tasks'}</PageTitle>
      {!classId && <NotFoundState message="No class was chosen." backTo="/MyClassesTask" backLabel="Back to My Tasks" />}
      {classId && loading && <LoadingState />}
      {classId && !loading && (error || !data) && (
        <LoadFailure error={error} what="class" failed="Error fetching materials" onRetry={reload} backTo="/MyClassesTask" backLabel="Back to My Tasks" />
      )}
      {!loading && data && data.materials.length === 0 && (
        <EmptyState message="Oops! It seems your teacher hasn't uploaded the materials or subjects." />
      )}
      {!loading && data && data.materials.length > 0 && (
        <>
          <Box component="ul" aria-label="Tasks" sx={{ p: 0, m: 0, display: 'grid', gap: 1.5 }}>
            {data.materials.map((m) => (
              <TaskCard key={m.id} material={m} score={m.exercise_id ? data.scores.get(m.exercise_id) : undefined} />
            ))}
          </Box>
          {data.meta.totalPage > 1 && <Pagination currentPage={page} totalPages={data.meta.totalPage} onPageChange={setPage} />}
        </>
      )}
    </>
  );
}
