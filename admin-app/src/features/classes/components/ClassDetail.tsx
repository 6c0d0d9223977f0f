import { lazy, Suspense, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { errorMessage, type Student } from '@kelasku/shared-api';
import { LoadFailure, LoadingState, NotFoundState } from '@kelasku/shared-ui';
import { rosterQuery, useUnassignStudent } from '../api';
import { useRosterListing } from '../hooks/useRosterListing';
import { AssignStudentsDialog } from './AssignStudentsDialog';
import { PagedRoster } from './PagedRoster';
import { RosterActions } from './RosterActions';
import { RosterToolbar } from './RosterToolbar';
import { UnassignStudentDialog } from './UnassignStudentDialog';
import type { RosterChange } from '@kelasku/shared-rules/src/roster-changes';
import { PageTitle } from '@kelasku/shared-ui/src/PageTitle';

// its own chunk: loaded when the admin first acts on a selection
const RosterChangeDialog = lazy(() => import('./RosterChangeDialog'));

interface RosterUnavailableProps {
  /** false: the address names no class */
  classFound: boolean;
  loading: boolean;
  /** why the roster could not be read */
  error: Error | null;
  onRetry: () => void;
}

/** In place of the roster page: no such class, the roster loading, or its read failed (with Retry). */
function RosterUnavailable({ classFound, loading, error, onRetry }: RosterUnavailableProps) {
  const { t } = useTranslation('admin');
  if (!classFound)
    return (
      <NotFoundState
        message={t('classes.detail.noClass')}
        backTo="/DashboardAdmin"
        backLabel={t('classes.detail.backToDashboard')}
      />
    );
  if (loading) return <LoadingState />;
  return (
    <LoadFailure
      error={error}
      what={t('classes.detail.what')}
      failed={t('classes.detail.loadFailed')}
      onRetry={onRetry}
      backTo="/DashboardAdmin"
      backLabel={t('classes.detail.backToDashboard')}
    />
  );
}

/** /class/:id — a class's roster with search, NIS sort, assign and unassign, one student or many selected at once. */
export default function ClassDetail() {
  const { t } = useTranslation('admin');
  const classId = Number(useParams().id);
  const valid = Number.isInteger(classId) && classId > 0;
  const roster = useQuery({ ...rosterQuery(classId), enabled: valid });
  const students = roster.data?.students;
  const listing = useRosterListing(students);
  const [assignOpen, setAssignOpen] = useState(false);
  const [unassigning, setUnassigning] = useState<Student | null>(null);
  const unassign = useUnassignStudent(classId);
  const [change, setChange] = useState<RosterChange | null>(null);
  const assignedIds = useMemo(() => new Set((students ?? []).map((s) => s.id)), [students]);

  const unassignFailure = unassign.isError ? errorMessage(unassign.error) : undefined;
  const confirmUnassign = () => {
    if (unassigning) unassign.mutate(unassigning.id, { onSettled: () => setUnassigning(null) });
  };

  if (!valid || roster.isPending || roster.isError)
    return (
      <RosterUnavailable
        classFound={valid}
        loading={roster.isPending}
        error={roster.error}
        onRetry={() => void roster.refetch()}
      />
    );

  const { cls } = roster.data;
  return (
    <Box>
      {cls.grade ? (
        <Button component={RouterLink} to={`/ManageClass${cls.grade}`} startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
          {t('classes.detail.backToGrade', { grade: cls.grade })}
        </Button>
      ) : null}
      <PageTitle sx={{ mb: 2 }}>{t('classes.detail.heading', { name: cls.name, teacher: cls.teacher_name })}</PageTitle>
      <RosterToolbar
        query={listing.query}
        onQueryChange={listing.search}
        onSearch={listing.toFirstPage}
        sortByNIS={listing.sortByNIS}
        onToggleSort={listing.toggleSort}
        onAssign={() => setAssignOpen(true)}
      />
      {unassign.isError && (
        <Alert severity="error" onClose={() => unassign.reset()} sx={{ mb: 2 }}>
          {unassignFailure
            ? t('classes.detail.unassignFailedReason', { reason: unassignFailure })
            : t('classes.detail.unassignFailed')}
        </Alert>
      )}
      <RosterActions
        count={listing.selectedIds.length}
        onChange={setChange}
        onClear={() => listing.setSelected(new Set())}
      />
      {roster.isFetching && <LoadingState text={t('classes.detail.refreshing')} />}
      <PagedRoster
        students={roster.data.students}
        shown={listing.shown}
        pageRows={listing.pageRows}
        currentPage={listing.currentPage}
        totalPages={listing.totalPages}
        onPageChange={listing.setPage}
        selected={listing.selected}
        onSelectedChange={listing.setSelected}
        onUnassign={setUnassigning}
      />
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
            studentIds={listing.selectedIds}
            onClose={() => setChange(null)}
            onDone={() => {
              setChange(null);
              listing.setSelected(new Set());
            }}
          />
        </Suspense>
      )}
      <UnassignStudentDialog
        student={unassigning}
        busy={unassign.isPending}
        onConfirm={confirmUnassign}
        onClose={() => setUnassigning(null)}
      />
    </Box>
  );
}
