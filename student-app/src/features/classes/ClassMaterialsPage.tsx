import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { materialsApi } from '@kelasku/shared-api';
import { EmptyState, LoadFailure, LoadingState, NotFoundState, Pagination } from '@kelasku/shared-ui';
import { PageTitle } from '../../components/PageTitle';
import { useClassName } from '../../components/useClassName';
import { useAsync } from '../../lib/useAsync';
import { currentStudentId, idParam } from '../../lib/student';
import { markClassOpened } from '../dashboard/seen';

const PAGE_SIZE = 9;

/** /MyDetailClasses/:id — the class's materials as cards; a card opens the material. */
export function ClassMaterialsPage() {
  const classId = idParam(useParams().id);
  const className = useClassName(classId);
  const [page, setPage] = useState(1);
  const { data, error, loading, reload } = useAsync(async () => {
    if (!classId) throw new Error('Class ID not found');
    return materialsApi.fromClass(classId, page, PAGE_SIZE);
  }, [classId, page]);
  // The list is on screen: the to-do list stops calling this class's materials new.
  useEffect(() => {
    if (classId && data) markClassOpened(currentStudentId(), classId);
  }, [classId, data]);

  return (
    <>
      <Button component={RouterLink} to="/MyClasses" startIcon={<ArrowBack />} sx={{ mb: 1 }}>My Classes</Button>
      <PageTitle>{className ? `${className} Materials` : 'Class Materials'}</PageTitle>
      {!classId && <NotFoundState message="No class was chosen." backTo="/MyClasses" backLabel="Back to My Classes" />}
      {classId && loading && <LoadingState />}
      {classId && !loading && (error || !data) && (
        <LoadFailure error={error} what="class" failed="Error fetching materials" onRetry={reload} backTo="/MyClasses" backLabel="Back to My Classes" />
      )}
      {!loading && data && data.materials.length === 0 && (
        <EmptyState message="Oops! It seems your teacher hasn't uploaded the materials or subjects." />
      )}
      {!loading && data && data.materials.length > 0 && (
        <>
          <Box
            component="ul"
            aria-label="Materials"
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}
          >
            {data.materials.map((m) => (
              <Box component="li" key={m.id}>
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardActionArea component={RouterLink} to={`/MyDetailSubject/${m.id}?class_id=${classId}`} sx={{ height: '100%', alignItems: 'stretch' }}>
                    <CardContent>
                      <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>{m.title}</Typography>
                      <Typography color="text.secondary" sx={{ mt: 1 }}>{m.description}</Typography>
                    </CardContent>
                  </CardActionArea>
                </Card>
              </Box>
            ))}
          </Box>
          {data.meta.totalPage > 1 && <Pagination currentPage={page} totalPages={data.meta.totalPage} onPageChange={setPage} />}
        </>
      )}
    </>
  );
}
