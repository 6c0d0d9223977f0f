import { useTranslation } from 'react-i18next';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useQuery } from '@tanstack/react-query';
import { gradeStudentCountQuery } from '../../../lib/account-lists';

/**
 * The create-class choice the server makes by default: every student of the grade joins the new class. Says how
 * many; unticked, the class starts empty and students are assigned from its page.
 */
export function EnrolAllCheckbox({
  grade,
  checked,
  onChange,
}: {
  grade: number;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  const count = useQuery(gradeStudentCountQuery(grade));
  const label =
    count.data !== undefined
      ? t('classes.form.enrolAll', { count: count.data, grade })
      : t('classes.form.enrolAllUncounted', { grade });
  return (
    <div>
      <FormControlLabel
        control={<Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} />}
        label={label}
      />
      <FormHelperText>{checked ? t('classes.form.enrolLater') : t('classes.form.startsEmpty')}</FormHelperText>
    </div>
  );
}
