import { useTranslation } from 'react-i18next';
import type { Teacher } from '@kelasku/shared-api';
import { RecordTable } from '@kelasku/shared-ui/src/RecordTable';
import { StatusCell } from './StatusCell';
import type { AccountTableProps } from '../types';

/** Teacher accounts: Name, NIP, Specialization, Status, Action. */
export function TeacherTable({ label, rows, actions }: AccountTableProps<Teacher>) {
  const { t } = useTranslation('admin');
  return (
    <RecordTable
      label={label}
      records={rows}
      columns={[
        { header: t('accounts.fields.name'), cell: (teacher) => teacher.name },
        { header: t('accounts.fields.nip'), cell: (teacher) => teacher.nip },
        { header: t('accounts.fields.specialization'), cell: (teacher) => teacher.specialization },
        {
          header: t('accounts.fields.status'),
          cell: (teacher) => <StatusCell status={teacher.status} active={teacher.active} />,
        },
      ]}
      actions={actions}
      minWidth={640}
    />
  );
}
