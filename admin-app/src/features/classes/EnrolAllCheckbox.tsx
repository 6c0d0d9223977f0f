import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('admin');
  const count = useLoad(() => studentsApi.list({ grade, pageSize: 1 }).then((r) => r.meta.total), `grade-${grade}-count`);
  const label = count.data !== undefined ? t('classes.form.enrolAll', { count: count.data, grade }) : t('classes.form.enrolAllUncounted', { grade });
  return (
    <div>
      <FormControlLabel control={<Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} />} label={label} />
      <FormHelperText>
        {checked ? t('classes.form.enrolLater') : t('classes.form.startsEmpty')}
      </FormHelperText>
    </div>
  );
}
