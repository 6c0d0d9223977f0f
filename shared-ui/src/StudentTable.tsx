import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Student } from '@kelasku/shared-api';
import { stickyActionSx } from './tableStyles';

export type StudentColumn = 'name' | 'nis' | 'grade' | 'status';
type StudentRow = Pick<Student, 'id' | 'name' | 'nis' | 'grade' | 'status'>;

const HEADER_KEY: Record<StudentColumn, string> = {
  name: 'studentTable.name', nis: 'studentTable.nis', grade: 'studentTable.grade', status: 'studentTable.status',
};

/** A class roster's order (the admin's class page, the teacher's People tab). */
export const ROSTER_COLUMNS: readonly StudentColumn[] = ['name', 'nis', 'grade', 'status'];

export interface StudentTableProps<S extends StudentRow> {
  /** The table's accessible name. */
  label: string;
  students: readonly S[];
  /** Which columns, in which order (the specification orders the account list and the rosters differently). */
  columns?: readonly StudentColumn[];
  /** What a status cell shows; the stored text by default. */
  renderStatus?: (student: S) => ReactNode;
  /** The buttons of a row's Action column; without it the table has no Action column. */
  actions?: (student: S) => ReactNode;
}

/**
 * Every table of students: the admin's student accounts and class roster, the teacher's People tab. On a phone it
 * scrolls sideways and the Action column stays in view.
 */
export function StudentTable<S extends StudentRow>({ label, students, columns = ROSTER_COLUMNS, renderStatus, actions }: StudentTableProps<S>) {
  const { t } = useTranslation('common');
  const cell = (student: S, column: StudentColumn): ReactNode =>
    column === 'status' && renderStatus ? renderStatus(student) : student[column];
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label} sx={{ minWidth: actions ? 560 : undefined }}>
        <TableHead>
          <TableRow>
            {columns.map((column) => <TableCell key={column}>{t(HEADER_KEY[column])}</TableCell>)}
            {actions && <TableCell align="center" sx={stickyActionSx}>{t('studentTable.action')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {students.map((student) => (
            <TableRow key={student.id} hover={Boolean(actions)}>
              {columns.map((column) => <TableCell key={column}>{cell(student, column)}</TableCell>)}
              {actions && <TableCell align="center" sx={{ ...stickyActionSx, whiteSpace: 'nowrap' }}>{actions(student)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
