import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import type { ClassItem, Page } from '@kelasku/shared-api';
import { EmptyState, ErrorState, LoadingState, Pagination } from '@kelasku/shared-ui';
import { ClassCard } from './ClassCard';

export interface GradeClassCardsProps {
  grade: number;
  /** the read of the grade's classes, one page */
  classes: UseQueryResult<Page<'classes', ClassItem>, Error>;
  page: number;
  onPageChange: (page: number) => void;
  onEdit: (cls: ClassItem) => void;
  onDelete: (cls: ClassItem) => void;
}

/** A grade's classes in use: a page of cards and the pages, or the read's state (loading, failed, none). */
export function GradeClassCards({ grade, classes, page, onPageChange, onEdit, onDelete }: GradeClassCardsProps) {
  const { t } = useTranslation('admin');
  if (classes.isPending) return <LoadingState />;
  if (classes.isError)
    return (
      <ErrorState message={t('classes.loadFailed')} error={classes.error} onRetry={() => void classes.refetch()} />
    );
  if (classes.data.classes.length === 0) return <EmptyState message={t('classes.empty', { grade })} />;
  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
        }}
      >
        {classes.data.classes.map((cls) => (
          <ClassCard key={cls.id} cls={cls} onEdit={onEdit} onDelete={onDelete} />
        ))}
      </Box>
      <Pagination currentPage={page} totalPages={classes.data.meta.totalPage} onPageChange={onPageChange} />
    </>
  );
}
