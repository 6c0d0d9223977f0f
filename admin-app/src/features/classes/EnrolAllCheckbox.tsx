import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { studentsApi } from '@kelasku/shared-api';
import { useLoad } from '../../hooks/useLoad';

/**
 * The create-class choice the server makes by default: every student of the grade joins the new class. Says how
 * many; unticked, the class starts empty and students are assigned from its page.
 */
export function EnrolAllCheckbox({ grade, checked, onChange }: { grade: number; checked: boolean; onChange: (checked: boolean) => void }) {
  const count = useLoad(() => studentsApi.list({ grade, pageSize: 1 }).then((r) => r.meta.total), `grade-${grade}-count`);
  let label: string;
  if (count.data !== undefined) label = `Add all ${count.data} grade-${grade} ${count.data === 1 ? 'student' : 'students'}`;
  else label = `Add all grade-${grade} students`;
  return (
    <div>
      <FormControlLabel control={<Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} />} label={label} />
      <FormHelperText>
        {checked ? 'Students added to the grade later join this class too.' : 'The class starts empty: assign students from its page.'}
      </FormHelperText>
    </div>
  );
}
