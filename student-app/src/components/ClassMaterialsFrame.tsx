import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import ArrowBack from '@mui/icons-material/ArrowBack';
import type { Material, Meta } from '@kelasku/shared-api';
import { EmptyState, LoadFailure, LoadingState, NotFoundState, Pagination } from '@kelasku/shared-ui';
import type { AsyncState } from '../lib/useAsync';
import { PageTitle } from './PageTitle';
import { useClassName } from './useClassName';

/**
 * The frame of the pages that list one class's materials a page at a time (its materials, its tasks): the way back,
 * the title ("<class> <noun>"), the loading, failure and empty states, the list itself (`children`) and the pages.
 */
export function ClassMaterialsFrame<T extends { materials: Material[]; meta: Meta }>({ classId, noun, back, state, page, onPageChange, children }: {
  classId: number | undefined;
  /** 'Materials' / 'Tasks'. */
  noun: string;
  back: { to: string; label: string };
  state: AsyncState<T>;
  page: number;
  onPageChange: (page: number) => void;
  children: (data: T) => ReactNode;
}) {
  const className = useClassName(classId);
  const { data, error, loading, reload } = state;
  return (
    <>
      <Button component={RouterLink} to={back.to} startIcon={<ArrowBack />} sx={{ mb: 1 }}>{back.label}</Button>
      <PageTitle>{className ? `${className} ${noun}` : `Class ${noun}`}</PageTitle>
      {!classId && <NotFoundState message="No class was chosen." backTo={back.to} backLabel={`Back to ${back.label}`} />}
      {classId && loading && <LoadingState />}
      {classId && !loading && (error || !data) && (
        <LoadFailure error={error} what="class" failed="Error fetching materials" onRetry={reload} backTo={back.to} backLabel={`Back to ${back.label}`} />
      )}
      {!loading && data && data.materials.length === 0 && (
        <EmptyState message="Oops! It seems your teacher hasn't uploaded the materials or subjects." />
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
