import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { allTeachersQuery } from '../lib/account-lists';

/** Select of every teacher (all pages): the class dialogs, and the new teacher of a deleted teacher's class. */
export function TeacherPicker({
  value,
  onChange,
  label,
  exclude,
}: {
  value: string;
  onChange: (teacherId: string) => void;
  /** Defaults to 'Teacher'. */
  label?: string;
  /** A teacher not to offer (the one whose classes are being handed on). */
  exclude?: number;
}) {
  const { t } = useTranslation('admin');
  const teachers = useQuery(allTeachersQuery());
  const list = (teachers.data ?? []).filter((teacher) => teacher.id !== exclude);
  // Keep the current teacher selectable while the list loads, so MUI does not warn about an unknown value.
  const known = list.some((teacher) => String(teacher.id) === value);
  let helperText: string | undefined;
  if (teachers.isPending) helperText = t('classes.form.loadingTeachers');
  else if (teachers.isError) helperText = t('classes.form.teachersFailed');
  return (
    <TextField
      select
      fullWidth
      label={label ?? t('classes.form.teacher')}
      value={known ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      disabled={teachers.isPending}
      error={teachers.isError}
      helperText={helperText}
    >
      {list.map((teacher) => (
        <MenuItem key={teacher.id} value={String(teacher.id)}>
          {teacher.name} — {teacher.specialization}
        </MenuItem>
      ))}
    </TextField>
  );
}
