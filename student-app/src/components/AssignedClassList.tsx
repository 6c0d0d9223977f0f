import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ClassItem } from '@kelasku/shared-api';
// By path, not the shared-ui index: that one module carries every shared-ui component and MUI's forms and dialogs.
import { EmptyState, ErrorState, LoadingState, useUsableMark } from '@kelasku/shared-ui/src/states';
import { Pagination } from '@kelasku/shared-ui/src/Pagination';
import { usePageParam } from '@kelasku/shared-ui/src/usePageParam';
import { awaitsData } from '../lib/query-state';
import { currentStudentId } from '../lib/student';
import { assignedClassesQuery } from '../lib/class-queries';

export interface AssignedClassListProps {
  /** Where a card leads, e.g. (c) => `/MyDetailClasses/${c.id}`. */
  linkTo: (c: ClassItem) => string;
  /** Extra line under each card (e.g. 'See tasks'). */
  actionHint?: string;
  /** Called as the student presses a card (before the navigation), e.g. to start loading what it opens. */
  onOpening?: (c: ClassItem) => void;
}

/**
 * The student's assigned classes as cards (name, description, teacher), a page at a time (the page in the URL). The
 * three class lists (My Classes, My Tasks, My Exams) read the same pages: one request serves them all.
 */
export function AssignedClassList({ linkTo, actionHint, onOpening }: AssignedClassListProps) {
  const { t } = useTranslation('student');
  const [page, setPage] = usePageParam();
  const query = useQuery(assignedClassesQuery(currentStudentId(), page));
  const { data } = query;
  // The classes (or the failure) are on screen: My Classes and My Classes Exams are usable.
  useUsableMark(!awaitsData(query));

  if (awaitsData(query)) return <LoadingState />;
  if (!data)
    return <ErrorState message={t('classes.error')} error={query.error} onRetry={() => void query.refetch()} />;
  if (data.classes.length === 0) return <EmptyState message={t('classes.empty')} />;
  return (
    <>
      <Box
        component="ul"
        aria-label={t('classes.listLabel')}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
        }}
      >
        {data.classes.map((c) => (
          <Box component="li" key={c.id}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea
                component={RouterLink}
                to={linkTo(c)}
                state={{ className: c.name }}
                onPointerDown={onOpening && (() => onOpening(c))}
                onClick={onOpening && (() => onOpening(c))}
                sx={{ height: '100%', alignItems: 'stretch' }}
              >
                <CardContent>
                  <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
                    {c.name}
                  </Typography>
                  <Typography color="text.secondary" sx={{ my: 1 }}>
                    {c.description}
                  </Typography>
                  <Typography variant="body2">{c.teacher_name}</Typography>
                  {actionHint && (
                    <Typography variant="body2" color="primary" sx={{ mt: 1, fontWeight: 600 }}>
                      {actionHint}
                    </Typography>
                  )}
                </CardContent>
              </CardActionArea>
            </Card>
          </Box>
        ))}
      </Box>
      {data.meta.totalPage > 1 && (
        <Pagination currentPage={page} totalPages={data.meta.totalPage} onPageChange={setPage} />
      )}
    </>
  );
}
