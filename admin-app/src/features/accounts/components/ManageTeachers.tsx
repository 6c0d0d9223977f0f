import type { Teacher, TeacherInput } from '@kelasku/shared-api';
import { teacherPageQuery, teacherWrites } from '../api';
import { SPECIALIZATIONS } from '../specializations';
import { AccountsPage } from './AccountsPage';
import { TeacherTable } from './TeacherTable';
import { schoolIdField, STATUS_SUGGESTIONS } from '../field-rules';
import type { AccountsConfig } from '../types';

export { SPECIALIZATIONS };

type TeacherForm = { name: string; nip: string; status: string; specialization: string };

const toBody = (v: TeacherForm): TeacherInput => ({
  name: v.name,
  nip: v.nip,
  status: v.status,
  specialization: v.specialization,
});

const config: AccountsConfig<Teacher, TeacherForm, TeacherInput> = {
  title: 'accounts.teacher.title',
  noun: 'Teacher',
  searchPlaceholder: 'accounts.teacher.search',
  // The specializations are stored values (the teacher's record and the filter): shown as stored.
  filterOptions: () => SPECIALIZATIONS.map((s) => ({ value: s, label: s })),
  sortLabel: 'accounts.teacher.sort',
  addLabel: 'accounts.teacher.add',
  addedTitle: 'accounts.teacher.added',
  loginLabel: 'NIP',
  loginOf: (row) => row.nip,
  table: (props) => <TeacherTable {...props} />,
  fields: [
    { key: 'name', label: 'accounts.fields.name' },
    { key: 'nip', label: 'accounts.fields.nip', problem: schoolIdField('NIP') },
    { key: 'status', label: 'accounts.fields.status', suggestions: STATUS_SUGGESTIONS },
    { key: 'specialization', label: 'accounts.fields.specialization', options: SPECIALIZATIONS },
  ],
  emptyForm: { name: '', nip: '', status: '', specialization: '' },
  toForm: (t) => ({ name: t.name, nip: t.nip, status: t.status, specialization: t.specialization }),
  list: teacherPageQuery,
  toBody,
  writes: teacherWrites,
};

/** /ManageAccTeacher */
export default function ManageTeachers() {
  return <AccountsPage config={config} />;
}
