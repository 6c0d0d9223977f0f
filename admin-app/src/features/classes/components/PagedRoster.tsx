import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import type { Student } from '@kelasku/shared-api';
import { EmptyState, Pagination } from '@kelasku/shared-ui';
import { RosterTable } from './RosterTable';

export interface PagedRosterProps {
  /** the whole roster */
  students: readonly Student[];
  /** the roster as searched and sorted (every page) */
  shown: readonly Student[];
  /** the rows of the current table page */
  pageRows: readonly Student[];
  currentPage: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  selected: ReadonlySet<number>;
  onSelectedChange: (next: Set<number>) => void;
  /** Asks to take a student off the class. */
  onUnassign: (student: Student) => void;
}

/** A class's roster, one table page at a time, or why there is nothing to show (no student, no match). */
export function PagedRoster({
  students,
  shown,
  pageRows,
  currentPage,
  totalPages,
  onPageChange,
  selected,
  onSelectedChange,
  onUnassign,
}: PagedRosterProps) {
  const { t } = useTranslation('admin');
  if (students.length === 0) return <EmptyState message={t('classes.detail.empty')} />;
  if (shown.length === 0) return <EmptyState message={t('classes.detail.noMatch')} />;
  return (
    <>
      <RosterTable
        label={t('classes.detail.rosterLabel')}
        students={pageRows}
        selectable={shown}
        selected={selected}
        onSelectedChange={onSelectedChange}
        actions={(s) => (
          <IconButton
            aria-label={t('classes.detail.unassignLabel', { name: s.name })}
            color="error"
            onClick={() => onUnassign(s)}
          >
            <DeleteIcon />
          </IconButton>
        )}
      />
      <Pagination currentPage={currentPage} totalPages={totalPages} onPageChange={onPageChange} />
      {students.some((s) => s.active === false) && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('roster.deactivatedNote')}
        </Typography>
      )}
    </>
  );
}
