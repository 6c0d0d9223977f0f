import i18next from 'i18next';
import type { Student, StudentInput } from '@kelasku/shared-api';
import { STUDENT_GRADES } from '@kelasku/shared-rules/src/grades';
import { studentPageQuery, studentWrites } from '../api';
import { StudentTable, type StudentColumn } from '@kelasku/shared-ui/src/StudentTable';
import { AccountsPage } from './AccountsPage';
import { StatusCell } from './StatusCell';
import { ImportStudentsButton } from './ImportStudentsButton';
import { gradeProblem, schoolIdField, STATUS_SUGGESTIONS } from '../field-rules';
import type { AccountsConfig } from '../types';

/** The student list's order (the class rosters put Grade before Status). */
const ACCOUNT_COLUMNS: readonly StudentColumn[] = ['name', 'nis', 'status', 'grade'];

type StudentForm = { name: string; nis: string; status: string; grade: string };

/** The grade is sent as an integer; the form has already refused one with decimals (gradeProblem). */
const toBody = (v: StudentForm): StudentInput => ({
  name: v.name,
  nis: v.nis,
  status: v.status,
  grade: Number(v.grade),
});

const config: AccountsConfig<Student, StudentForm, StudentInput> = {
  title: 'accounts.student.title',
  noun: 'Student',
  searchPlaceholder: 'accounts.student.search',
  filterOptions: () =>
    STUDENT_GRADES.map((g) => ({ value: String(g), label: i18next.t('admin:grade.nth', { grade: g }) })),
  sortLabel: 'accounts.student.sort',
  addLabel: 'accounts.student.add',
  addedTitle: 'accounts.student.added',
  loginLabel: 'NIS',
  loginOf: (row) => row.nis,
  table: ({ label, rows, actions }) => (
    <StudentTable
      label={label}
      students={rows}
      columns={ACCOUNT_COLUMNS}
      renderStatus={(s) => <StatusCell status={s.status} active={s.active} />}
      actions={actions}
    />
  ),
  fields: [
    { key: 'name', label: 'accounts.fields.name' },
    { key: 'nis', label: 'accounts.fields.nis', problem: schoolIdField('NIS') },
    { key: 'status', label: 'accounts.fields.status', suggestions: STATUS_SUGGESTIONS },
    {
      key: 'grade',
      label: 'accounts.fields.grade',
      type: 'number',
      inputProps: { step: 0.01, min: 10, max: 12 },
      problem: gradeProblem,
    },
  ],
  emptyForm: { name: '', nis: '', status: '', grade: '' },
  toForm: (s) => ({ name: s.name, nis: s.nis, status: s.status, grade: String(s.grade) }),
  list: studentPageQuery,
  toBody,
  writes: studentWrites,
  enrolment: { gradeOf: (v) => (/^1[0-2]$/.test(v.grade.trim()) ? Number(v.grade) : undefined) },
};

/** /ManageAccStudent, with the CSV import beside the add button. */
export default function ManageStudents() {
  return <AccountsPage config={config} extraActions={<ImportStudentsButton />} />;
}
