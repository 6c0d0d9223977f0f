import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { ClassItem } from '@kelasku/shared-api';
import { LoadingState } from '@kelasku/shared-ui';
import { usePagedList } from '../../../hooks/usePagedList';
import { gradeClassesQuery } from '../api';
import { emptyClassForm } from '../class-form';
import { useClassEditing } from '../hooks/useClassEditing';
import { ClassFormDialog } from './ClassFormDialog';
import { GradeClassCards } from './GradeClassCards';
import { ManageClassesHeader } from './ManageClassesHeader';
import { CLASS_ARCHIVE_NS } from '../class-archive-messages';

// Loaded when first opened: the delete dialog (counts, typed confirmation, archive) and the archived list.
const DeleteClassDialog = lazy(() => import('./DeleteClassDialog'));
const ArchivedClasses = lazy(() => import('./ArchivedClasses'));

/** /ManageClass10, 11 and 12: the grade's classes as cards, with add, edit, delete or archive; ?show=archived lists the archived ones. */
export default function ManageClasses({ grade }: { grade: number }) {
  const { t } = useTranslation(['admin', CLASS_ARCHIVE_NS]);
  const [params, setParams] = useSearchParams();
  const showArchived = params.get('show') === 'archived';
  const [notice, setNotice] = useState<string | null>(null);
  const pagedList = usePagedList(
    (page) => gradeClassesQuery(grade, page),
    (data) => data.classes.length,
  );
  const { page, setPage, list: classes, formFailure, formFieldFailure, pageFailure, setPageFailure } = pagedList;
  const classEditing = useClassEditing(grade, pagedList);
  const { editing } = classEditing;
  const [deleting, setDeleting] = useState<ClassItem | null>(null);

  const afterDelete = (cls: ClassItem, outcome: 'deleted' | 'archived') => {
    setDeleting(null);
    pagedList.showAfterDelete();
    setNotice(outcome === 'archived' ? t('classArchive:archived.archivedNotice', { name: cls.name }) : null);
  };

  return (
    <Box>
      <ManageClassesHeader
        grade={grade}
        showArchived={showArchived}
        onToggleArchived={() => {
          setNotice(null);
          setParams(showArchived ? {} : { show: 'archived' });
        }}
        onAdd={classEditing.openAdd}
      />
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
        <GradeClassCards
          grade={grade}
          classes={classes}
          page={page}
          onPageChange={setPage}
          onEdit={classEditing.openEdit}
          onDelete={setDeleting}
        />
      )}
      <ClassFormDialog
        open={editing !== null}
        mode={editing?.mode ?? 'add'}
        grade={grade}
        initial={editing?.initial ?? emptyClassForm}
        busy={classEditing.saving}
        failure={formFailure}
        fieldFailure={formFieldFailure}
        takenName={classEditing.takenName}
        onClose={classEditing.close}
        onSubmit={(values, enrolAll) => void classEditing.save(values, enrolAll)}
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
