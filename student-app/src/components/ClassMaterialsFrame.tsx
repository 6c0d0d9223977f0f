import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import ArrowBack from '@mui/icons-material/ArrowBack';
import type { Material, Meta } from '@kelasku/shared-api';
import { EmptyState, LoadFailure, LoadingState, NotFoundState, Pagination } from '@kelasku/shared-ui';
import type { UseQueryResult } from '@tanstack/react-query';
import { useClassName } from '../hooks/useClassName';
import { awaitsData } from '../lib/query-state';
import { PageTitle } from './PageTitle';

/** The heading of each list: "<class> Materials", or "Class Materials" while the class name is unknown. */
const TITLE_KEYS = {
  materials: { named: 'classMaterials.title', unnamed: 'classMaterials.titleNoClass' },
  tasks: { named: 'taskList.title', unnamed: 'taskList.titleNoClass' },
} as const;

/** What the frame needs of the page's read (a TanStack query result, or several combined). */
export type FrameQuery<T> = Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending' | 'isFetching'> & {
  refetch: () => unknown;
};

/**
 * The frame of the pages that list one class's materials a page at a time (its materials, its tasks): the way back,
 * the title ("<class> <noun>"), the loading, failure and empty states, the list itself (`children`) and the pages.
 * A page already shown stays while it is asked again; another page shows the loading state until it is here.
 */
export function ClassMaterialsFrame<T extends { materials: Material[]; meta: Meta }>({
  classId,
  list,
  back,
  query,
  page,
  onPageChange,
  children,
}: {
  classId: number | undefined;
  /** What the page lists: its materials or its tasks. */
  list: keyof typeof TITLE_KEYS;
  back: { to: string; label: string };
  /** The page's read (disabled without a class). */
  query: FrameQuery<T>;
  page: number;
  onPageChange: (page: number) => void;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('student');
  const className = useClassName(classId);
  const backLabel = t('frame.backTo', { page: back.label });
  const { data, error } = query;
  const loading = awaitsData(query);
  return (
    <>
      <Button component={RouterLink} to={back.to} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        {back.label}
      </Button>
      <PageTitle>{className ? t(TITLE_KEYS[list].named, { className }) : t(TITLE_KEYS[list].unnamed)}</PageTitle>
      {!classId && <NotFoundState message={t('frame.noClass')} backTo={back.to} backLabel={backLabel} />}
      {classId && loading && <LoadingState />}
      {classId && !loading && !data && (
        <LoadFailure
          error={error}
          what={t('what.class')}
          failed={t('frame.failed')}
          onRetry={() => void query.refetch()}
          backTo={back.to}
          backLabel={backLabel}
        />
      )}
      {!loading && data && data.materials.length === 0 && <EmptyState message={t('frame.empty')} />}
      {!loading && data && data.materials.length > 0 && (
        <>
          {children(data)}
          {data.meta.totalPage > 1 && (
            <Pagination currentPage={page} totalPages={data.meta.totalPage} onPageChange={onPageChange} />
          )}
        </>
      )}
    </>
  );
}
