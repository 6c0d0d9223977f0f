import { queryOptions } from '@tanstack/react-query';
import { materialsApi, type Material } from '@kelasku/shared-api';
import { discussionKeys } from '../materials/api';
import { CLASS_MATERIALS, classStudents, loadClassOverview, loadRecentDiscussions } from './transport';

/** One class's stream: its overview (name, materials, exam), its materials to pick for a task, its roster. */
export const classStreamKeys = {
  all: ['class-stream'] as const,
  overview: (classId: number) => [...classStreamKeys.all, 'overview', classId] as const,
  materials: (classId: number) => [...classStreamKeys.all, 'materials', classId] as const,
  students: (classId: number, page: number, search: string) => [...classStreamKeys.all, 'students', classId, page, search] as const,
};

export const classOverviewQuery = (classId: number) =>
  queryOptions({ queryKey: classStreamKeys.overview(classId), queryFn: () => loadClassOverview(classId) });

export const classMaterialsQuery = (classId: number) =>
  queryOptions({ queryKey: classStreamKeys.materials(classId), queryFn: () => materialsApi.fromClass(classId, 1, CLASS_MATERIALS) });

export const classStudentsQuery = (classId: number, page: number, search: string) =>
  queryOptions({ queryKey: classStreamKeys.students(classId, page, search), queryFn: () => classStudents(classId, page, search) });

/** Under the discussions' key root, so a reply or removal anywhere refreshes the stream too. */
export const recentDiscussionsQuery = (materials: Material[]) =>
  queryOptions({ queryKey: discussionKeys.recent(materials.map((m) => m.id)), queryFn: () => loadRecentDiscussions(materials) });
