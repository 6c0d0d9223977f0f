import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Student } from '@kelasku/shared-api';
import { stickyActionSx } from '@kelasku/shared-ui';

export interface RosterTableProps {
  label: string;
  /** the rows of this table page */
  students: readonly Student[];
  /** every student the select-all box stands for (the whole filtered roster, on every page) */
  selectable: readonly Student[];
  selected: ReadonlySet<number>;
  onSelectedChange: (next: Set<number>) => void;
  actions: (student: Student) => ReactNode;
}

/** A deactivated student is still assigned but no longer a member: greyed and marked, not counted. */
const isDeactivated = (s: Student) => s.active === false;

/**
 * The admin's class roster: a checkbox per student and one for every student of the list (all pages of the search),
 * the roster's columns, and the row's own actions.
 */
export function RosterTable({ label, students, selectable, selected, onSelectedChange, actions }: RosterTableProps) {
  const { t } = useTranslation('admin');
  const chosen = selectable.filter((s) => selected.has(s.id)).length;
  const all = selectable.length > 0 && chosen === selectable.length;
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelectedChange(next);
  };
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label} sx={{ minWidth: 600 }}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={all}
                indeterminate={chosen > 0 && !all}
                onChange={() => onSelectedChange(all ? new Set() : new Set(selectable.map((s) => s.id)))}
                slotProps={{ input: { 'aria-label': t('roster.selectAll', { count: selectable.length }) } }}
              />
            </TableCell>
            <TableCell>{t('common:studentTable.name')}</TableCell>
            <TableCell>{t('common:studentTable.nis')}</TableCell>
            <TableCell>{t('common:studentTable.grade')}</TableCell>
            <TableCell>{t('common:studentTable.status')}</TableCell>
            <TableCell align="center" sx={stickyActionSx}>
              {t('common:recordTable.action')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {students.map((s) => {
            const greyed = isDeactivated(s);
            return (
              <TableRow
                key={s.id}
                hover
                selected={selected.has(s.id)}
                sx={greyed ? { '& td': { color: 'text.secondary' } } : undefined}
              >
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selected.has(s.id)}
                    onChange={() => toggle(s.id)}
                    slotProps={{ input: { 'aria-label': t('roster.select', { name: s.name }) } }}
                  />
                </TableCell>
                <TableCell>
                  {s.name}
                  {greyed && <Chip size="small" variant="outlined" label={t('roster.deactivated')} sx={{ ml: 1 }} />}
                </TableCell>
                <TableCell>{s.nis}</TableCell>
                <TableCell>{s.grade}</TableCell>
                <TableCell>{s.status}</TableCell>
                <TableCell align="center" sx={{ ...stickyActionSx, whiteSpace: 'nowrap' }}>
                  {actions(s)}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
