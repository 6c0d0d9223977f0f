import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { classesApi } from '@kelasku/shared-api';
import { useLoad } from '../../hooks/useLoad';

const GRADES = [10, 11, 12];

/** The class names of each grade (every page), for saying which classes new students join. */
function useGradeClasses(grades: number[]) {
  const key = grades.join(',');
  return useLoad(
    () =>
      Promise.all(
        grades.map(async (grade) => {
          const first = await classesApi.list({ grade, pageSize: 100 });
          return { grade, names: first.classes.map((c) => c.name), total: first.meta.total };
        }),
      ),
    `grade-classes-${key}`,
  );
}

const listed = (names: string[], total: number) => `${names.join(', ')}${total > names.length ? ` and ${total - names.length} more` : ''}`;

/**
 * What the server does by default with a new student, made visible: they join every class of their grade. Names
 * the classes per grade and lets the admin untick it (`who`: "the student" or "the students").
 */
export function JoinClassesChoice({ grades, who, checked, onChange }: { grades: number[]; who: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const known = [...new Set(grades.filter((g) => GRADES.includes(g)))].sort();
  const classes = useGradeClasses(known);
  if (known.length === 0) return <FormHelperText>Enter the grade to see which classes {who} will join.</FormHelperText>;
  if (classes.loading && !classes.data) return <FormHelperText>Loading the classes of the grade...</FormHelperText>;
  if (classes.error || !classes.data) return <FormHelperText>The classes of the grade could not be loaded; by default {who} will join every class of their grade.</FormHelperText>;
  const total = classes.data.reduce((n, g) => n + g.total, 0);
  if (total === 0) {
    const grade = known.length === 1 ? `Grade ${known[0]} has` : 'These grades have';
    return <FormHelperText>{grade} no classes yet, so {who} will join none for now.</FormHelperText>;
  }
  const label = known.length === 1
    ? `Join all ${total} grade-${known[0]} ${total === 1 ? 'class' : 'classes'}`
    : 'Join every class of their grade';
  return (
    <div>
      <FormControlLabel control={<Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)} />} label={label} />
      <FormHelperText component="div">
        {checked ? (
          classes.data.map((g) => (
            <div key={g.grade}>Grade {g.grade}: {g.total === 0 ? 'no classes yet' : listed(g.names, g.total)}</div>
          ))
        ) : (
          <>No class now: assign {who} from a class&apos;s page.</>
        )}
      </FormHelperText>
    </div>
  );
}
