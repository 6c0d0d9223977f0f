import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ClassItem } from '@kelasku/shared-api';
import { EmptyState, ErrorState, LoadingState, Pagination } from '@kelasku/shared-ui';
import { formatDateId } from '@kelasku/shared-ui/src/dates';
import { failureText } from '../../../hooks/usePagedList';
import { archivedClassesQuery, useRestoreClass } from '../api';
import { CLASS_ARCHIVE_NS } from '../class-archive-messages';

/** One archived class with its Restore button. */
function ArchivedClassCard({
  cls,
  onRestore,
  busy,
}: {
  cls: ClassItem;
  onRestore: (cls: ClassItem) => void;
  busy: boolean;
}) {
  const { t } = useTranslation([CLASS_ARCHIVE_NS, 'admin']);
  return (
    <Card component="article" variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1 }}>
        <Typography component="h3" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
          {cls.name}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {cls.description}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('admin:classes.card.teacher', { name: cls.teacher_name || '-' })}
        </Typography>
        {cls.archived_at && (
          <Typography variant="body2">
            {t('classArchive:archived.since', { date: formatDateId(cls.archived_at) })}
          </Typography>
        )}
      </CardContent>
      <CardActions>
        <Button
          onClick={() => onRestore(cls)}
          disabled={busy}
          aria-label={t('classArchive:archived.restoreLabel', { name: cls.name })}
        >
          {t('classArchive:archived.restore')}
        </Button>
      </CardActions>
    </Card>
  );
}

/** A grade's archived classes (admins), each restorable; a restore into a name now taken shows the server's reason. */
export default function ArchivedClasses({ grade }: { grade: number }) {
  const { t } = useTranslation(CLASS_ARCHIVE_NS);
  const [page, setPage] = useState(1);
  const classes = useQuery(archivedClassesQuery(grade, page));
  const restore = useRestoreClass();
  const [restoring, setRestoring] = useState<ClassItem | null>(null);

  const doRestore = (cls: ClassItem) => {
    setRestoring(cls);
    restore.mutate(cls.id, {
      onSuccess: () => {
        if (classes.data?.classes.length === 1 && page > 1) setPage(page - 1);
      },
    });
  };

  let content;
  if (classes.isPending) content = <LoadingState />;
  else if (classes.isError)
    content = (
      <ErrorState
        message={t('classArchive:archived.loadFailed')}
        error={classes.error}
        onRetry={() => void classes.refetch()}
      />
    );
  else if (classes.data.classes.length === 0)
    content = <EmptyState message={t('classArchive:archived.empty', { grade })} />;
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
            <ArchivedClassCard key={cls.id} cls={cls} onRestore={doRestore} busy={restore.isPending} />
          ))}
        </Box>
        <Pagination currentPage={page} totalPages={classes.data.meta.totalPage} onPageChange={setPage} />
      </>
    );

  return (
    <Box component="section" aria-labelledby="archived-classes-title">
      <Typography id="archived-classes-title" component="h2" variant="h6" sx={{ mb: 2 }}>
        {t('classArchive:archived.title', { grade })}
      </Typography>
      {restoring && restore.isError && (
        <Alert severity="error" onClose={() => restore.reset()} sx={{ mb: 2 }}>
          {failureText(t('classArchive:archived.restoreFailed', { name: restoring.name }), restore.error)}
        </Alert>
      )}
      {restoring && restore.isSuccess && (
        <Alert severity="success" onClose={() => restore.reset()} sx={{ mb: 2 }}>
          {t('classArchive:archived.restored', { name: restoring.name })}
        </Alert>
      )}
      {content}
    </Box>
  );
}
