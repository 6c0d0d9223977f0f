import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { findAssignedClass } from './AssignedClassList';

/** The class name handed over by the previous screen, or looked up when the page was opened directly. */
export function useClassName(classId: number | undefined): string | undefined {
  const state = useLocation().state as { className?: string } | null;
  const [name, setName] = useState<string | undefined>(state?.className);
  useEffect(() => {
    if (name || !classId) return;
    let live = true;
    findAssignedClass(classId).then(
      (c) => live && c && setName(c.name),
      () => undefined, // the heading falls back to a generic title
    );
    return () => {
      live = false;
    };
  }, [classId, name]);
  return name;
}
