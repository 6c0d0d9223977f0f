import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import ArrowBack from '@mui/icons-material/ArrowBack';
import type { Material, Meta } from '@kelasku/shared-api';
import { EmptyState, LoadFailure, LoadingState, NotFoundState, Pagination } from '@kelasku/shared-ui';
import type { AsyncState } from '../lib/useAsync';
import { PageTitle } from './PageTitle';
import { useClassName } from './useClassName';

/** The heading of each list: "<class> Materials", or "Class Materials" while the class name is unknown. */
const TITLE_KEYS = {
  materials: { named: 'classMaterials.title', unnamed: 'classMaterials.titleNoClass' },
  tasks: { named: 'taskList.title', unnamed: 'taskList.titleNoClass' },
} as const;

/**
 * The frame of the pages that list one class's materials a page at a time (its materials, its tasks): the way back,
 * the title ("<class> <noun>"), the loading, failure and empty states, the list itself (`children`) and the pages.
 */
export function ClassMaterialsFrame<T extends { materials: Material[]; meta: Meta }>({ classId, list, back, state, page, onPageChange, children }: {
  classId: number | undefined;
  /** What the page lists: its materials or its tasks. */
  list: keyof typeof TITLE_KEYS;
  back: { to: string; label: string };
  state: AsyncState<T>;
  page: number;
  onPageChange: (page: number) => void;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('student');
  const className = useClassName(classId);
  const backLabel = t('frame.backTo', { page: back.label });
  const { data, error, loading, reload } = state;
  return (
    <>
      <Button component={RouterLink} to={back.to} startIcon={<ArrowBack />} sx={{ mb: 1 }}>{back.label}</Button>
      <PageTitle>{className ? t(TITLE_KEYS[list].named, { className }) : t(TITLE_KEYS[list].unnamed)}</PageTitle>
      {!classId && <NotFoundState message={t('frame.noClass')} backTo={back.to} backLabel={backLabel} />}
      {classId && loading && <LoadingState />}
      {classId && !loading && (error || !data) && (
        <LoadFailure error={error} what={t('what.class')} failed={t('frame.failed')} onRetry={reload} backTo={back.to} backLabel={backLabel} />
      )}
      {!loading && data && data.materials.length === 0 && (
        <EmptyState message={t('frame.empty')} />
      )}
      {!loading && data && data.materials.length > 0 && (
        <>
          {children(data)}
          {data.meta.totalPage > 1 && <Pagination currentPage={page} totalPages={data.meta.totalPage} onPageChange={onPageChange} />}
        </>
      )}
    </>
  );
}
