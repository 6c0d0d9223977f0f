import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { AccountField, FormValues } from '../types';

export interface AccountFieldControlProps<V extends FormValues> {
  field: AccountField<V>;
  value: string;
  /** what is wrong with the value (shown under the field), if anything */
  problem: string | undefined;
  onChange: (key: string, value: string) => void;
}

/** One field of the account form: a select of its options, free text with suggestions, or a text field. */
export function AccountFieldControl<V extends FormValues>({
  field: f,
  value,
  problem,
  onChange,
}: AccountFieldControlProps<V>) {
  const { t } = useTranslation('admin');
  const shared = { fullWidth: true, label: t(f.label), error: Boolean(problem), helperText: problem };
  if (f.options) {
    // a value stored before the list existed (or typed elsewhere) stays visible and kept
    const options = value && !f.options.includes(value) ? [value, ...f.options] : f.options;
    return (
      <TextField select {...shared} value={value} onChange={(e) => onChange(f.key, e.target.value)}>
        {options.map((o) => (
          <MenuItem key={o} value={o}>
            {o}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  if (f.suggestions) {
    return (
      <Autocomplete
        freeSolo
        options={[...f.suggestions]}
        inputValue={value}
        onInputChange={(_, text) => onChange(f.key, text)}
        renderInput={(params) => <TextField {...params} {...shared} />}
      />
    );
  }
  return (
    <TextField
      {...shared}
      type={f.type ?? 'text'}
      value={value}
      onChange={(e) => onChange(f.key, e.target.value)}
      slotProps={{ htmlInput: f.inputProps }}
    />
  );
}
