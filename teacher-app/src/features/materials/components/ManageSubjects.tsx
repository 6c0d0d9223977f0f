import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { EmptyState, ErrorState, LoadingState, useUsableMark } from '@kelasku/shared-ui/src/states';
import { Pagination } from '@kelasku/shared-ui/src/Pagination';
import { FromFirstOpen } from '@kelasku/shared-ui/src/FromFirstOpen';
import { preloadable } from '@kelasku/shared-ui/src/preloadable';
import type { Material } from '@kelasku/shared-api';
import { CLASS_PARAM, gradeLabel, type TeacherClass } from '../../../lib/teacher-class';
import { useGradeClass } from '../../../hooks/useGradeClass';
import { usePageParam } from '@kelasku/shared-ui/src/usePageParam';
import { FIRST_GRADE } from '@kelasku/shared-rules/src/grades';
import { useClassPicker } from '../../../hooks/useClassPicker';
import { LinkMenuButton } from '../../../components/LinkMenuButton';
import { classMaterialsQuery, unansweredTopicsQuery, useDeleteMaterial } from '../api';
import { MaterialCard } from './MaterialCard';
import { PageTitle } from '@kelasku/shared-ui/src/PageTitle';

// Loaded at the first Delete: the dialog's code (MUI's dialog chunk) is not needed before the list shows.
const ConfirmDialog = preloadable(() => import('@kelasku/shared-ui/src/ConfirmDialog').then((m) => m.ConfirmDialog));

function ExamMenu({ classId }: { classId: number }) {
  const { t } = useTranslation('teacher');
  const links = [
    { label: t('subjects.manage.createExam'), to: `/CreateExam?class_id=${classId}` },
    { label: t('subjects.manage.previewExam'), to: `/PreviewAnExam?class_id=${classId}` },
  ];
  return (
    <LinkMenuButton menuId="exam-menu" variant="outlined" endIcon={<ExpandMoreIcon />} links={links}>
      {t('subjects.manage.examMenu')}
    </LinkMenuButton>
  );
}

/** Create Subject for this very class (a grade may hold several of the teacher's classes). */
const createPath = (c: TeacherClass) => `/CreateSubjects${c.grade}?${CLASS_PARAM}=${c.id}`;

function MaterialGrid({ teacherClass }: { teacherClass: TeacherClass }) {
  const { t } = useTranslation('teacher');
  const [page, setPage] = usePageParam();
  const [toDelete, setToDelete] = useState<Material | null>(null);
  const remove = useDeleteMaterial();
  // The previous page's cards stay while the next page loads.
  const materials = useQuery({ ...classMaterialsQuery(teacherClass.id, page), placeholderData: keepPreviousData });
  // Counts only: a failed read leaves the cards without them.
  const unanswered = useQuery(unansweredTopicsQuery(teacherClass.id));
  const unansweredOf = new Map((unanswered.data?.materials ?? []).map((m) => [m.material_id, m.unanswered]));

  const confirmDelete = () => {
    if (toDelete) remove.mutate(toDelete.id, { onSuccess: () => setToDelete(null) });
  };

  const emptyPage = !materials.isFetching && page > 1 && materials.data?.materials.length === 0;
  useEffect(() => {
    // Deleting the last subject of a page: show the previous page instead of an empty one.
    if (emptyPage) setPage(page - 1);
  }, [emptyPage, page, setPage]);

  if (!materials.data) {
    return materials.isError ? (
      <ErrorState
        message={t('subjects.manage.loadFailed')}
        error={materials.error}
        onRetry={() => void materials.refetch()}
      />
    ) : (
      <LoadingState />
    );
  }
  const list = materials.data?.materials ?? [];
  const totalPages = materials.data?.meta.totalPage ?? 1;
  const unansweredTotal = unanswered.data?.total ?? 0;
  return (
    <>
      {unansweredTotal > 0 && (
        <Typography role="status" sx={{ mb: 2, fontWeight: 600, color: '#8a4b00' }}>
          {t('subjects.manage.unanswered', { count: unansweredTotal })}
        </Typography>
      )}
      {list.length === 0 ? (
        <EmptyState
          message={t('subjects.manage.empty')}
          action={
            <Button variant="contained" component={RouterLink} to={createPath(teacherClass)}>
              {t('subjects.manage.createFirst')}
            </Button>
          }
        />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
          }}
        >
          {list.map((subject) => (
            <MaterialCard
              key={subject.id}
              material={subject}
              unanswered={unansweredOf.get(subject.id)}
              onDelete={(s) => {
                remove.reset();
                setToDelete(s);
              }}
            />
          ))}
        </Box>
      )}
      {totalPages > 1 && <Pagination currentPage={page} totalPages={totalPages} onPageChange={setPage} />}
      <FromFirstOpen open={Boolean(toDelete)}>
        <ConfirmDialog
          open={Boolean(toDelete)}
          title={t('subjects.manage.deleteTitle')}
          message={
            <>
              {t('subjects.manage.deleteConfirm', { title: toDelete?.title })}
              {remove.isError && (
                <Typography color="error" sx={{ mt: 1 }}>
                  {t('subjects.manage.deleteFailed')}
                </Typography>
              )}
            </>
          }
          confirmLabel={t('subjects.manage.delete')}
          destructive
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onClose={() => setToDelete(null)}
        />
      </FromFirstOpen>
    </>
  );
}

/** /ManageSubjects{10,11,12}[?class=]: the subjects of one of the teacher's classes of that grade (tabs when several). */
export default function ManageSubjects({ grade = FIRST_GRADE }: { grade?: number }) {
  const { t } = useTranslation('teacher');
  const { classes: teacherClass, current, pick } = useGradeClass(grade);
  const classPicker = useClassPicker(teacherClass.data ?? [], current, pick);
  // Usable once the teacher's class of the grade is known (and its tabs show, when several): its actions are on
  // screen, its subjects fill in below.
  useUsableMark(!teacherClass.isPending && classPicker.ready);
  return (
    <Box>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: 3, justifyContent: 'space-between', alignItems: { md: 'center' } }}
      >
        <Box>
          <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <PageTitle>{t('subjects.manage.title')}</PageTitle>
            <Chip label={gradeLabel(grade)} color="primary" />
          </Stack>
          {current?.name && (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {t('subjects.manage.className', { name: current.name })}
            </Typography>
          )}
        </Box>
        {current && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to={createPath(current)}>
              {t('subjects.create.heading')}
            </Button>
            <ExamMenu classId={current.id} />
            <Button variant="text" component={RouterLink} to={`/ManageTaskExam?class_id=${current.id}`}>
              {t('subjects.manage.classStream')}
            </Button>
          </Stack>
        )}
      </Stack>
      {classPicker.picker}
      {teacherClass.isPending ? (
        <LoadingState />
      ) : teacherClass.isError && !teacherClass.data ? (
        <ErrorState
          message={t('subjects.manage.classFailed')}
          error={teacherClass.error}
          onRetry={() => void teacherClass.refetch()}
        />
      ) : current ? (
        <MaterialGrid key={current.id} teacherClass={current} />
      ) : (
        <EmptyState message={t('subjects.noClassInGrade', { grade: gradeLabel(grade) })} />
      )}
    </Box>
  );
}
