import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useAsync, type AsyncState } from './useAsync';
import { parsePositiveInt } from './params';
import { CLASS_PARAM, classLabel, gradeClasses, type TeacherClass } from './teacherClass';

// Defined beside the class data so screens can use them without loading the tabs below.
export { CLASS_PARAM, classLabel };

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

/** Tabs over a grade's classes; nothing at all when the teacher has only one class there. */
export function ClassPicker({ classes, current, onPick }: { classes: TeacherClass[]; current: TeacherClass | null; onPick: (id: number) => void }) {
  const { t } = useTranslation('teacher');
  if (classes.length < 2 || !current) return null;
  return (
    <Tabs
      value={current.id}
      onChange={(_, id: number) => onPick(id)}
      aria-label={t('lib.classPicker')}
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {classes.map((c) => <Tab key={c.id} value={c.id} label={classLabel(c)} />)}
    </Tabs>
  );
}
