import { teachersApi, type Teacher } from '@kelasku/shared-api';
import { SPECIALIZATIONS } from './specializations';
import { AccountsPage } from './AccountsPage';
import { StatusCell } from './StatusCell';
import { schoolIdField, STATUS_SUGGESTIONS } from './fieldRules';
import type { AccountsConfig } from './types';

export { SPECIALIZATIONS };

type TeacherForm = { name: string; nip: string; status: string; specialization: string };

const toBody = (v: TeacherForm) => ({ name: v.name, nip: v.nip, status: v.status, specialization: v.specialization });

const config: AccountsConfig<Teacher, TeacherForm> = {
  title: 'Teacher Accounts',
  noun: 'Teacher',
  searchPlaceholder: 'Search by Name or NIP',
  filterOptions: SPECIALIZATIONS.map((s) => ({ value: s, label: s })),
  sortLabel: 'Sort by NIP',
  addLabel: 'Add New Teacher',
  addedTitle: 'Teacher Added Successfully',
  loginLabel: 'NIP',
  loginOf: (row) => row.nip,
  columns: [
    { label: 'Name', render: (t) => t.name },
    { label: 'NIP', render: (t) => t.nip },
    { label: 'Specialization', render: (t) => t.specialization },
    { label: 'Status', render: (t) => <StatusCell status={t.status} active={t.active} /> },
  ],
  fields: [
    { key: 'name', label: 'Name' },
    { key: 'nip', label: 'NIP', problem: schoolIdField('NIP') },
    { key: 'status', label: 'Status', suggestions: STATUS_SUGGESTIONS },
    { key: 'specialization', label: 'Specialization', options: SPECIALIZATIONS },
  ],
  emptyForm: { name: '', nip: '', status: '', specialization: '' },
  toForm: (t) => ({ name: t.name, nip: t.nip, status: t.status, specialization: t.specialization }),
  list: ({ page, filter, search, sort }) =>
    teachersApi
      .list({ page, specialization: filter || undefined, search: search || undefined, sortByNIP: sort || undefined })
      .then((r) => ({ rows: r.students, totalPage: r.meta.totalPage })),
  create: (v) => teachersApi.create(toBody(v)),
  update: (id, v) => teachersApi.update(id, toBody(v)),
  remove: (id) => teachersApi.remove(id),
  resetPassword: (id) => teachersApi.resetPassword(id),
  setActive: (id, active) => teachersApi.setActive(id, active),
};

/** /ManageAccTeacher */
export default function ManageTeachers() {
  return <AccountsPage config={config} />;
}
