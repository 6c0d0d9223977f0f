import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { currentStudentId } from '../lib/student';
import { allAssignedClassesQuery } from '../lib/class-queries';

/**
 * The class name handed over by the previous screen, or looked up when the page was opened directly (undefined
 * until then, and when the lookup fails: the heading falls back to a generic title).
 */
export function useClassName(classId: number | undefined): string | undefined {
  const handedOver = (useLocation().state as { className?: string } | null)?.className;
  const { data: looked } = useQuery({
    ...allAssignedClassesQuery(currentStudentId()),
    enabled: !handedOver && Boolean(classId),
    select: ({ classes }) => classes.find((c) => c.id === classId || c.class_id === classId)?.name,
  });
  return handedOver ?? looked;
}
