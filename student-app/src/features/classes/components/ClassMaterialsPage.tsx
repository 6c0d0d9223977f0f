import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { usePageParam } from '@kelasku/shared-ui/src/usePageParam';
import { currentStudentId, idParam } from '../../../lib/student';
import { markClassOpened } from '../../../lib/seen';
import { classMaterialsQuery } from '../../../lib/class-queries';
import { ClassMaterialsFrame } from '../../../components/ClassMaterialsFrame';

const PAGE_SIZE = 9;

/** /MyDetailClasses/:id — the class's materials as cards; a card opens the material. */
export default function ClassMaterialsPage() {
  const { t } = useTranslation('student');
  const classId = idParam(useParams().id);
  const [page, setPage] = usePageParam();
  const query = useQuery({ ...classMaterialsQuery(classId ?? 0, page, PAGE_SIZE), enabled: Boolean(classId) });
  // The list is on screen: the to-do list stops calling this class's materials new.
  useEffect(() => {
    if (classId && query.data) markClassOpened(currentStudentId(), classId);
  }, [classId, query.data]);

  return (
    <ClassMaterialsFrame
      classId={classId}
      list="materials"
      back={{ to: '/MyClasses', label: t('classes.title') }}
      query={query}
      page={page}
      onPageChange={setPage}
    >
      {(data) => (
        <Box
          component="ul"
          aria-label={t('classMaterials.listLabel')}
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
          }}
        >
          {data.materials.map((m) => (
            <Box component="li" key={m.id}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea
                  component={RouterLink}
                  to={`/MyDetailSubject/${m.id}?class_id=${classId}`}
                  sx={{ height: '100%', alignItems: 'stretch' }}
                >
                  <CardContent>
                    <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
                      {m.title}
                    </Typography>
                    <Typography color="text.secondary" sx={{ mt: 1 }}>
                      {m.description}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Box>
          ))}
        </Box>
      )}
    </ClassMaterialsFrame>
  );
}
