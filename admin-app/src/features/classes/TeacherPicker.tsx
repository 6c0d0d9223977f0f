import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { teachersApi } from '@kelasku/shared-api';
import { useLoad } from '../../hooks/useLoad';

/** Select of every teacher (all pages), for the class dialogs. */
export function TeacherPicker({ value, onChange, label = 'Teacher', exclude }: {
  value: string;
  onChange: (teacherId: string) => void;
  label?: string;
  /** A teacher not to offer (the one whose classes are being handed on). */
  exclude?: number;
}) {
  const teachers = useLoad(() => teachersApi.all(), 'teachers');
  const list = (teachers.data ?? []).filter((t) => t.id !== exclude);
  // Keep the current teacher selectable while the list loads, so MUI does not warn about an unknown value.
  const known = list.some((t) => String(t.id) === value);
  let helperText: string | undefined;
  if (teachers.loading) helperText = 'Loading teachers...';
  else if (teachers.error) helperText = 'Failed to load teachers';
  return (
    <TextField
      select
      fullWidth
      label={label}
      value={known ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      disabled={teachers.loading}
      error={Boolean(teachers.error)}
      helperText={helperText}
    >
      {list.map((t) => (
        <MenuItem key={t.id} value={String(t.id)}>
          {t.name} — {t.specialization}
        </MenuItem>
      ))}
    </TextField>
  );
}
