import { useSearchParams } from 'react-router-dom';
import { Tab, Tabs } from '@mui/material';
import { useAsync, type AsyncState } from './useAsync';
import { parsePositiveInt } from './params';
import { gradeClasses, type TeacherClass } from './teacherClass';

/** The query parameter that remembers which of a grade's classes a per-grade screen shows. */
export const CLASS_PARAM = 'class';

export interface GradeClass {
  classes: AsyncState<TeacherClass[]>;
  /** The class shown: `?class=` when it is one of the grade's classes, else the first one; null while loading or none. */
  current: TeacherClass | null;
  pick: (id: number) => void;
}

/** The teacher's classes of a grade and the one picked in the URL (`?class=<id>`, so reloads and links keep it). */
export function useGradeClass(grade: number): GradeClass {
  const [params, setParams] = useSearchParams();
  const classes = useAsync(() => gradeClasses(grade), [grade]);
  const wanted = parsePositiveInt(params.get(CLASS_PARAM));
  const list = classes.data ?? [];
  const current = list.find((c) => c.id === wanted) ?? list[0] ?? null;
  const pick = (id: number) => {
    const next = new URLSearchParams(params);
    next.set(CLASS_PARAM, String(id));
    setParams(next, { replace: true });
  };
  return { classes, current, pick };
}

export const classLabel = (c: TeacherClass) => c.name || `Class ${c.id}`;

/** Tabs over a grade's classes; nothing at all when the teacher has only one class there. */
export function ClassPicker({ classes, current, onPick }: { classes: TeacherClass[]; current: TeacherClass | null; onPick: (id: number) => void }) {
  if (classes.length < 2 || !current) return null;
  return (
    <Tabs
      value={current.id}
      onChange={(_, id: number) => onPick(id)}
      aria-label="Your classes in this grade"
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {classes.map((c) => <Tab key={c.id} value={c.id} label={classLabel(c)} />)}
    </Tabs>
  );
}
