import { useTranslation } from 'react-i18next';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { useQueries } from '@tanstack/react-query';
import { isStudentGrade } from '@kelasku/shared-rules/src/grades';
import { gradeClassNamesQuery } from '../../../lib/class-lists';

/** The class names of each grade (one read per grade, shared by the add form and the import). */
function useGradeClasses(grades: number[]) {
  return useQueries({
    queries: grades.map((grade) => gradeClassNamesQuery(grade)),
    combine: (results) => {
      const data = results.flatMap((r) => (r.data ? [r.data] : []));
      return { data: data.length === results.length ? data : undefined, failed: results.some((r) => r.isError) };
    },
  });
}

/** Who joins, as the sentences name them: one new student or the imported ones. */
const WHO_KEY = { one: 'accounts.join.student', many: 'accounts.join.students' } as const;

/**
 * What the server does by default with a new student, made visible: they join every class of their grade. Names
 * the classes per grade and lets the admin untick it.
 */
export function JoinClassesChoice({
  grades,
  who: whoCount,
  checked,
  onChange,
}: {
  grades: number[];
  who: keyof typeof WHO_KEY;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useTranslation('admin');
  const known = [...new Set(grades.filter(isStudentGrade))].sort();
  const classes = useGradeClasses(known);
  const who = t(WHO_KEY[whoCount]);
  const listed = (names: string[], total: number) =>
    total > names.length
      ? t('accounts.join.andMore', { names: names.join(', '), count: total - names.length })
      : names.join(', ');
  if (known.length === 0) return <FormHelperText>{t('accounts.join.enterGrade', { who })}</FormHelperText>;
  if (classes.failed) return <FormHelperText>{t('accounts.join.loadFailed', { who })}</FormHelperText>;
  if (!classes.data) return <FormHelperText>{t('accounts.join.loading')}</FormHelperText>;
  const total = classes.data.reduce((n, g) => n + g.total, 0);
  if (total === 0) {
    return (
      <FormHelperText>
        {known.length === 1
          ? t('accounts.join.noClassesOne', { grade: known[0], who })
          : t('accounts.join.noClassesMany', { who })}
      </FormHelperText>
    );
  }
  const label =
    known.length === 1 ? t('accounts.join.joinAll', { count: total, grade: known[0] }) : t('accounts.join.joinEvery');
  return (
    <div>
      <FormControlLabel
        control={<Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} />}
        label={label}
      />
      <FormHelperText component="div">
        {checked
          ? classes.data.map((g) => (
              <div key={g.grade}>
                {t('accounts.join.gradeClasses', {
                  grade: g.grade,
                  classes: g.total === 0 ? t('accounts.join.noClassesYet') : listed(g.names, g.total),
                })}
              </div>
            ))
          : t('accounts.join.none', { who })}
      </FormHelperText>
    </div>
  );
}
