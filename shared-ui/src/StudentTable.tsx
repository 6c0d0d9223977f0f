import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Student } from '@kelasku/shared-api';
import { RecordTable } from './RecordTable';

export type StudentColumn = 'name' | 'nis' | 'grade' | 'status';
type StudentRow = Pick<Student, 'id' | 'name' | 'nis' | 'grade' | 'status'>;

const HEADER_KEY: Record<StudentColumn, string> = {
  name: 'studentTable.name',
  nis: 'studentTable.nis',
  grade: 'studentTable.grade',
  status: 'studentTable.status',
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

/** Every table of students: the admin's student accounts and class roster, the teacher's People tab. */
export function StudentTable<S extends StudentRow>({
  label,
  students,
  columns = ROSTER_COLUMNS,
  renderStatus,
  actions,
}: StudentTableProps<S>) {
  const { t } = useTranslation('common');
  const cell =
    (column: StudentColumn) =>
    (student: S): ReactNode =>
      column === 'status' && renderStatus ? renderStatus(student) : student[column];
  return (
    <RecordTable
      label={label}
      records={students}
      columns={columns.map((column) => ({ header: t(HEADER_KEY[column]), cell: cell(column) }))}
      actions={actions}
      minWidth={actions ? 560 : undefined}
    />
  );
}
