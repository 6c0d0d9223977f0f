import { lazy, Suspense, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SortIcon from '@mui/icons-material/Sort';
import { errorMessage, type Student } from '@kelasku/shared-api';
import {
  ConfirmDialog,
  EmptyState,
  LoadFailure,
  LoadingState,
  NotFoundState,
  Pagination,
  SearchBox,
} from '@kelasku/shared-ui';
import { useLastNonNull } from '../../../hooks/useLastNonNull';
import { usePageParam } from '@kelasku/shared-ui/src/usePageParam';
import { rosterQuery, useUnassignStudent } from '../api';
import { filterStudents, sortStudents } from '../roster';
import { AssignStudentsDialog } from './AssignStudentsDialog';
import { RosterTable } from './RosterTable';
import { RosterActions } from './RosterActions';
import type { RosterChange } from '@kelasku/shared-rules/src/roster-changes';
import { PageTitle } from '@kelasku/shared-ui/src/PageTitle';

// its own chunk: loaded when the admin first acts on a selection
const RosterChangeDialog = lazy(() => import('./RosterChangeDialog'));

const TABLE_PAGE_SIZE = 10;

/** /class/:id — a class's roster with search, NIS sort, assign and unassign, one student or many selected at once. */
export default function ClassDetail() {
  const { t } = useTranslation('admin');
  const classId = Number(useParams().id);
  const valid = Number.isInteger(classId) && classId > 0;
  const roster = useQuery({ ...rosterQuery(classId), enabled: valid });
  const [query, setQuery] = useState('');
  const [sortByNIS, setSortByNIS] = useState(false);
  // The roster's table page is in the URL like every other list's; a new search or sort starts at page 1.
  const [page, setPage] = usePageParam();
  const toFirstPage = () => {
    if (page > 1) setPage(1);
  };
  const [assignOpen, setAssignOpen] = useState(false);
  const [unassigning, setUnassigning] = useState<Student | null>(null);
  const shownUnassigning = useLastNonNull(unassigning);
  const unassign = useUnassignStudent(classId);
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [change, setChange] = useState<RosterChange | null>(null);

  const students = roster.data?.students;
  const shown = useMemo(
    () => sortStudents(filterStudents(students ?? [], query), sortByNIS),
    [students, query, sortByNIS],
  );
  const assignedIds = useMemo(() => new Set((students ?? []).map((s) => s.id)), [students]);
  const totalPages = Math.max(1, Math.ceil(shown.length / TABLE_PAGE_SIZE));
  const currentPage = Math.min(page, totalPages);
  const pageRows = shown.slice((currentPage - 1) * TABLE_PAGE_SIZE, currentPage * TABLE_PAGE_SIZE);
  // what is selected and still on the roster (a student another admin removed meanwhile drops out)
  const selectedIds = useMemo(
    () => (students ?? []).filter((s) => selected.has(s.id)).map((s) => s.id),
    [students, selected],
  );

  const unassignFailure = unassign.isError ? errorMessage(unassign.error) : undefined;
  const confirmUnassign = () => {
    if (unassigning) unassign.mutate(unassigning.id, { onSettled: () => setUnassigning(null) });
  };

  if (!valid)
    return (
      <NotFoundState
        message={t('classes.detail.noClass')}
        backTo="/DashboardAdmin"
        backLabel={t('classes.detail.backToDashboard')}
      />
    );
  if (roster.isPending) return <LoadingState />;
  if (roster.isError) {
    return (
      <LoadFailure
        error={roster.error}
        what={t('classes.detail.what')}
        failed={t('classes.detail.loadFailed')}
        onRetry={() => void roster.refetch()}
        backTo="/DashboardAdmin"
        backLabel={t('classes.detail.backToDashboard')}
      />
    );
  }

  const { cls } = roster.data;
  let table;
  if (roster.data.students.length === 0) table = <EmptyState message={t('classes.detail.empty')} />;
  else if (shown.length === 0) table = <EmptyState message={t('classes.detail.noMatch')} />;
  else
    table = (
      <>
        <RosterTable
          label={t('classes.detail.rosterLabel')}
          students={pageRows}
          selectable={shown}
          selected={selected}
          onSelectedChange={setSelected}
          actions={(s) => (
            <IconButton
              aria-label={t('classes.detail.unassignLabel', { name: s.name })}
              color="error"
              onClick={() => setUnassigning(s)}
            >
              <DeleteIcon />
            </IconButton>
          )}
        />
        <Pagination currentPage={currentPage} totalPages={totalPages} onPageChange={setPage} />
        {roster.data.students.some((s) => s.active === false) && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('roster.deactivatedNote')}
          </Typography>
        )}
      </>
    );

  return (
    <Box>
      {cls.grade ? (
        <Button component={RouterLink} to={`/ManageClass${cls.grade}`} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
          {t('classes.detail.backToGrade', { grade: cls.grade })}
        </Button>
      ) : null}
      <PageTitle sx={{ mb: 2 }}>{t('classes.detail.heading', { name: cls.name, teacher: cls.teacher_name })}</PageTitle>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
        <Box sx={{ flex: '1 1 280px' }}>
          <SearchBox
            query={query}
            onChange={(q) => {
              setQuery(q);
              toFirstPage();
            }}
            onSearch={toFirstPage}
            placeholder={t('classes.detail.search')}
          />
        </Box>
        <ToggleButton
          value="nis"
          size="small"
          selected={sortByNIS}
          onChange={() => {
            setSortByNIS((v) => !v);
            toFirstPage();
          }}
          color="primary"
          // MUI's default unselected grey is 4.47:1 on the page background; text.secondary passes AA.
          sx={{ color: 'text.secondary' }}
        >
          <SortIcon fontSize="small" sx={{ mr: 0.5 }} aria-hidden="true" />
          {t('classes.detail.sort')}
        </ToggleButton>
        <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setAssignOpen(true)}>
          {t('classes.detail.assign')}
        </Button>
      </Box>
      {unassign.isError && (
        <Alert severity="error" onClose={() => unassign.reset()} sx={{ mb: 2 }}>
          {unassignFailure
            ? t('classes.detail.unassignFailedReason', { reason: unassignFailure })
            : t('classes.detail.unassignFailed')}
        </Alert>
      )}
      <RosterActions count={selectedIds.length} onChange={setChange} onClear={() => setSelected(new Set())} />
      {roster.isFetching && <LoadingState text={t('classes.detail.refreshing')} />}
      {table}
      <AssignStudentsDialog
        open={assignOpen}
        classId={classId}
        assignedIds={assignedIds}
        classGrade={roster.data.cls.grade}
        onClose={() => setAssignOpen(false)}
        onAssigned={() => setAssignOpen(false)}
      />
      {change && (
        <Suspense fallback={null}>
          <RosterChangeDialog
            change={change}
            cls={{ id: classId, name: cls.name, grade: cls.grade }}
            studentIds={selectedIds}
            onClose={() => setChange(null)}
            onDone={() => {
              setChange(null);
              setSelected(new Set());
            }}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={unassigning !== null}
        title={t('classes.detail.unassignTitle', { name: shownUnassigning?.name ?? '' })}
        message={t('classes.detail.unassignMessage')}
        confirmLabel={t('classes.detail.unassign')}
        destructive
        busy={unassign.isPending}
        onConfirm={confirmUnassign}
        onClose={() => setUnassigning(null)}
      />
    </Box>
  );
}
