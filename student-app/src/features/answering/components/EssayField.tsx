import TextField from '@mui/material/TextField';

export interface EssayFieldProps {
  label: string;
  value: string;
  disabled: boolean;
  onChange: (text: string) => void;
  /** Why the text stops growing (the server's cap), when it does. */
  problem?: string;
}

/** An essay question's answer box: its own chunk, so a sheet of options never loads MUI's form components for it. */
export default function EssayField({ label, value, disabled, onChange, problem }: EssayFieldProps) {
  return (
    <TextField
      label={label}
      multiline
      minRows={5}
      fullWidth
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      error={problem !== undefined}
      helperText={problem}
    />
  );
}
