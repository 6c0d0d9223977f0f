import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { parsePositiveInt } from '../lib/params';
import { CLASS_PARAM, type TeacherClass } from '../lib/teacher-class';
import { gradeClassesQuery } from '../lib/class-queries';
import { PAGE_PARAM } from '@kelasku/shared-ui/src/usePageParam';

export interface GradeClass {
  classes: UseQueryResult<TeacherClass[]>;
  /** The class shown: `?class=` when it is one of the grade's classes, else the first one; null while loading or none. */
  current: TeacherClass | null;
  /** Shows another class (from its first page). */
  pick: (id: number) => void;
}

/** The teacher's classes of a grade and the one picked in the URL (`?class=<id>`, so reloads and links keep it). */
export function useGradeClass(grade: number): GradeClass {
  const [params, setParams] = useSearchParams();
  const classes = useQuery(gradeClassesQuery(grade));
  const wanted = parsePositiveInt(params.get(CLASS_PARAM));
  const list = classes.data ?? [];
  const current = list.find((c) => c.id === wanted) ?? list[0] ?? null;
  const pick = (id: number) => {
    const next = new URLSearchParams(params);
    next.set(CLASS_PARAM, String(id));
    next.delete(PAGE_PARAM);
    setParams(next, { replace: true });
  };
  return { classes, current, pick };
}
