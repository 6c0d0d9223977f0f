import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { stickyActionSx } from './tableStyles';

export interface RecordColumn<R> {
  /** The header, in the active language. */
  header: string;
  cell: (record: R) => ReactNode;
}

export interface RecordTableProps<R extends { id: number }> {
  /** The table's accessible name. */
  label: string;
  records: readonly R[];
  columns: readonly RecordColumn<R>[];
  /** The buttons of a row's Action column; without it the table has no Action column. */
  actions?: (record: R) => ReactNode;
  /** Below this width (px) the table scrolls sideways, the Action column staying in view. */
  minWidth?: number;
}

/** A list of people or things, one per row, with an optional Action column that stays in view on a phone. */
export function RecordTable<R extends { id: number }>({
  label,
  records,
  columns,
  actions,
  minWidth,
}: RecordTableProps<R>) {
  const { t } = useTranslation('common');
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label} sx={{ minWidth }}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.header}>{column.header}</TableCell>
            ))}
            {actions && (
              <TableCell align="center" sx={stickyActionSx}>
                {t('recordTable.action')}
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {records.map((record) => (
            <TableRow key={record.id} hover={Boolean(actions)}>
              {columns.map((column) => (
                <TableCell key={column.header}>{column.cell(record)}</TableCell>
              ))}
              {actions && (
                <TableCell align="center" sx={{ ...stickyActionSx, whiteSpace: 'nowrap' }}>
                  {actions(record)}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
