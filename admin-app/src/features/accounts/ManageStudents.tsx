import { studentsApi, type Student } from '@kelasku/shared-api';
import { AccountsPage } from './AccountsPage';
import { StatusCell } from './StatusCell';
import { ImportStudentsButton } from './csv/ImportStudentsButton';
import { gradeProblem, schoolIdField, STATUS_SUGGESTIONS } from './fieldRules';
import type { AccountsConfig } from './types';

type StudentForm = { name: string; nis: string; status: string; grade: string };

/** The grade is sent as an integer; the form has already refused one with decimals (gradeProblem). */
const toBody = (v: StudentForm) => ({ name: v.name, nis: v.nis, status: v.status, grade: Number(v.grade) });

const config: AccountsConfig<Student, StudentForm> = {
  title: 'Student Accounts',
  noun: 'Student',
  searchPlaceholder: 'Search by Name or NIS',
  filterOptions: [10, 11, 12].map((g) => ({ value: String(g), label: `${g}th Grade` })),
  sortLabel: 'Sort by NIS',
  addLabel: 'Add New Student',
  addedTitle: 'Student Added Successfully',
  loginLabel: 'NIS',
  loginOf: (row) => row.nis,
  columns: [
    { label: 'Name', render: (s) => s.name },
    { label: 'NIS', render: (s) => s.nis },
    { label: 'Status', render: (s) => <StatusCell status={s.status} active={s.active} /> },
    { label: 'Grade', render: (s) => s.grade },
  ],
  fields: [
    { key: 'name', label: 'Name' },
    { key: 'nis', label: 'NIS', problem: schoolIdField('NIS') },
    { key: 'status', label: 'Status', suggestions: STATUS_SUGGESTIONS },
    { key: 'grade', label: 'Grade', type: 'number', inputProps: { step: 0.01, min: 10, max: 12 }, problem: gradeProblem },
  ],
  emptyForm: { name: '', nis: '', status: '', grade: '' },
  toForm: (s) => ({ name: s.name, nis: s.nis, status: s.status, grade: String(s.grade) }),
  list: ({ page, filter, search, sort }) =>
    studentsApi
      .list({ page, grade: filter ? Number(filter) : undefined, search: search || undefined, sortByNIS: sort || undefined })
      .then((r) => ({ rows: r.students, totalPage: r.meta.totalPage })),
  create: (v, joinClasses) => studentsApi.create({ ...toBody(v), ...(joinClasses === undefined ? {} : { join_classes: joinClasses }) }),
  enrolment: { gradeOf: (v) => (/^1[0-2]$/.test(v.grade.trim()) ? Number(v.grade) : undefined) },
  setActive: (id, active) => studentsApi.setActive(id, active),
  update: (id, v) => studentsApi.update(id, toBody(v)),
  remove: (id) => studentsApi.remove(id),
  resetPassword: (id) => studentsApi.resetPassword(id),
};

/** /ManageAccStudent, with the CSV import beside the add button. */
export default function ManageStudents() {
  return <AccountsPage config={config} extraActions={(reload) => <ImportStudentsButton onImported={reload} />} />;
}
