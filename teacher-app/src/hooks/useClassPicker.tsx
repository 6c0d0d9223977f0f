import { Suspense, type ReactNode } from 'react';
import { preloadable, usePreloaded } from '@kelasku/shared-ui/src/preloadable';
import type { TeacherClass } from '../lib/teacher-class';

// Loaded only for a grade where the teacher has several classes: most teach one class per grade, and their screen
// needs no MUI tabs (a chunk of their own).
const ClassTabs = preloadable(() => import('../components/ClassTabs').then((m) => m.ClassTabs));

export interface ClassPicker {
  /** Tabs over the grade's classes; nothing when the teacher has only one class there (or none). */
  picker: ReactNode;
  /** False while the tabs' code loads: the screen is usable once they show. */
  ready: boolean;
}

/** The picker of the grade's class a screen shows (`current`, one of `classes`). */
export function useClassPicker(
  classes: TeacherClass[],
  current: TeacherClass | null,
  onPick: (id: number) => void,
): ClassPicker {
  const several = classes.length >= 2 && current !== null;
  const ready = usePreloaded(several ? ClassTabs : undefined);
  return {
    // Suspense: after a failed load the tabs try again (and fail into the screen's error boundary) on their own.
    picker:
      several && ready ? (
        <Suspense fallback={null}>
          <ClassTabs classes={classes} current={current} onPick={onPick} />
        </Suspense>
      ) : null,
    ready,
  };
}
