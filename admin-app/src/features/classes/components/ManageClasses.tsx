import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import AddIcon from '@mui/icons-material/Add';
import { errorMessage, errorStatus, type ClassItem } from '@kelasku/shared-api';
import { EmptyState, ErrorState, LoadingState, Pagination } from '@kelasku/shared-ui';
import { usePagedList } from '../../../hooks/usePagedList';
import { gradeClassesQuery, useSaveClass } from '../api';
import { classBody, classFormFrom, emptyClassForm, type ClassFormValues } from '../class-form';
import { ClassCard } from './ClassCard';
import { ClassFormDialog } from './ClassFormDialog';
import { CLASS_ARCHIVE_NS } from '../class-archive-messages';
import { PageTitle } from '@kelasku/shared-ui/src/PageTitle';

// Loaded when first opened: the delete dialog (counts, typed confirmation, archive) and the archived list.
const DeleteClassDialog = lazy(() => import('./DeleteClassDialog'));
const ArchivedClasses = lazy(() => import('./ArchivedClasses'));

type Editing = { mode: 'add'; initial: ClassFormValues } | { mode: 'edit'; initial: ClassFormValues; cls: ClassItem };

/** /ManageClass10, 11 and 12: the grade's classes as cards, with add, edit, delete or archive; ?show=archived lists the archived ones. */
export default function ManageClasses({ grade }: { grade: number }) {
  const { t } = useTranslation(['admin', CLASS_ARCHIVE_NS]);
  const [params, setParams] = useSearchParams();
  const showArchived = params.get('show') === 'archived';
  const [notice, setNotice] = useState<string | null>(null);
  const saveClass = useSaveClass();
  const {
    page,
    setPage,
    list: classes,
    formFailure,
    setFormFailure,
    formFieldFailure,
    pageFailure,
    setPageFailure,
    attempt,
    showAfterDelete,
  } = usePagedList(
    (page) => gradeClassesQuery(grade, page),
    (data) => data.classes.length,
  );
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<ClassItem | null>(null);
  /** The server's 409 for a name already used in the grade, shown at the name field while that name is typed. */
  const [takenName, setTakenName] = useState<{ name: string; message: string } | null>(null);

  const openAdd = () => {
    setFormFailure(null);
    setEditing({ mode: 'add', initial: emptyClassForm });
  };
  const openEdit = (cls: ClassItem) => {
    setFormFailure(null);
    setEditing({ mode: 'edit', initial: classFormFrom(cls), cls });
  };

  const save = async (values: ClassFormValues, enrolAll: boolean) => {
    if (!editing) return;
    setTakenName(null);
    await attempt('form', editing.mode === 'add' ? t('classes.addFailed') : t('classes.editFailed'), async () => {
      try {
        if (editing.mode === 'add')
          await saveClass.mutateAsync({ body: { ...classBody(values, grade), enrol_all: enrolAll } });
        else await saveClass.mutateAsync({ id: editing.cls.id, body: classBody(values, grade) });
      } catch (err) {
        // the only conflict a class write has is its name in the grade
        if (errorStatus(err) !== 409) throw err;
        setTakenName({ name: values.name, message: errorMessage(err) ?? t('classes.nameTaken') });
        return;
      }
      setEditing(null);
    });
  };

  const afterDelete = (cls: ClassItem, outcome: 'deleted' | 'archived') => {
    setDeleting(null);
    showAfterDelete();
    setNotice(outcome === 'archived' ? t('classArchive:archived.archivedNotice', { name: cls.name }) : null);
  };

  let content;
  if (classes.isPending) content = <LoadingState />;
  else if (classes.isError)
    content = (
      <ErrorState message={t('classes.loadFailed')} error={classes.error} onRetry={() => void classes.refetch()} />
    );
  else if (classes.data.classes.length === 0) content = <EmptyState message={t('classes.empty', { grade })} />;
  else
    content = (
      <>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
          }}
        >
          {classes.data.classes.map((cls) => (
            <ClassCard key={cls.id} cls={cls} onEdit={openEdit} onDelete={setDeleting} />
          ))}
        </Box>
        <Pagination currentPage={page} totalPages={classes.data.meta.totalPage} onPageChange={setPage} />
      </>
    );

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 3 }}>
        <PageTitle>{t('classes.title')}</PageTitle>
        <Chip label={t('grade.nth', { grade })} color="primary" />
        <Box sx={{ flex: 1 }} />
        <Button
          aria-pressed={showArchived}
          onClick={() => {
            setNotice(null);
            setParams(showArchived ? {} : { show: 'archived' });
          }}
        >
          {showArchived ? t('classArchive:archived.showInUse') : t('classArchive:archived.show')}
        </Button>
        <Button variant="contained" startIcon={<AddIcon />} onClick={openAdd}>
          {t('classes.add')}
        </Button>
      </Box>
      {pageFailure && (
        <Alert severity="error" onClose={() => setPageFailure(null)} sx={{ mb: 2 }}>
          {pageFailure}
        </Alert>
      )}
      {notice && (
        <Alert severity="success" onClose={() => setNotice(null)} sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      {showArchived ? (
        <Suspense fallback={<LoadingState />}>
          <ArchivedClasses grade={grade} />
        </Suspense>
      ) : (
        content
      )}
      <ClassFormDialog
        open={editing !== null}
        mode={editing?.mode ?? 'add'}
        grade={grade}
        initial={editing?.initial ?? emptyClassForm}
        busy={saveClass.isPending}
        failure={formFailure}
        fieldFailure={formFieldFailure}
        takenName={takenName}
        onClose={() => {
          setEditing(null);
          setTakenName(null);
        }}
        onSubmit={(values, enrolAll) => void save(values, enrolAll)}
      />
      {deleting && (
        <Suspense fallback={null}>
          <DeleteClassDialog
            key={deleting.id}
            cls={deleting}
            onClose={() => setDeleting(null)}
            onDone={(outcome) => afterDelete(deleting, outcome)}
          />
        </Suspense>
      )}
    </Box>
  );
}
