import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { examsApi, exercisesApi, type Exam } from '@kelasku/shared-api';
import { classStreamKeys } from '../class-stream/api';
import { materialKeys } from '../materials/api';
import { gradesKeys } from '../grades/api';
import { reviewKeys } from '../review/api';
import { dashboardKeys } from '../dashboard/api';
import { className, loadExam, loadExercise, materialTitle } from './transport';

export type AssessmentKind = 'exercise' | 'exam';

/** A material's exercise and a class's exam (at most one each), and what their screens show beside them. */
export const assessmentKeys = {
  all: ['assessments'] as const,
  exercise: (materialId: number) => [...assessmentKeys.all, 'exercise', materialId] as const,
  exam: (classId: number) => [...assessmentKeys.all, 'exam', classId] as const,
  examById: (examId: number) => [...assessmentKeys.all, 'exam-by-id', examId] as const,
  examClassName: (examId: number) => [...assessmentKeys.all, 'exam-class-name', examId] as const,
  materialTitle: (materialId: number) => [...assessmentKeys.all, 'material-title', materialId] as const,
  className: (classId: number) => [...assessmentKeys.all, 'class-name', classId] as const,
  gradedCount: (kind: AssessmentKind, id: number) => [...assessmentKeys.all, 'graded-count', kind, id] as const,
};

// The four reads an AssessmentOwner (owners.ts) names: keys typed as any QueryKey, so exam and exercise fit one type.

/** The material's exercise, or null when it has none yet. */
export const exerciseOfMaterialQuery = (materialId: number) =>
  queryOptions({ queryKey: assessmentKeys.exercise(materialId) as QueryKey, queryFn: () => loadExercise(materialId) });

/** The class's exam, or null when it has none yet. */
export const examOfClassQuery = (classId: number) =>
  queryOptions({ queryKey: assessmentKeys.exam(classId) as QueryKey, queryFn: () => loadExam(classId) });

/** One exam by its id, current or closed (an ended term's exam is no longer its class's exam). */
export const examByIdQuery = (examId: number) =>
  queryOptions({ queryKey: assessmentKeys.examById(examId) as QueryKey, queryFn: () => examsApi.byId(examId) as Promise<Exam | null> });

/** The class name of an exam read by its id (the exam's own read, from the cache); '' as classNameQuery. */
export const examClassNameQuery = (examId: number) =>
  queryOptions({
    queryKey: assessmentKeys.examClassName(examId) as QueryKey,
    queryFn: async ({ client }) => {
      const exam = await client.ensureQueryData(examByIdQuery(examId));
      return exam ? className(exam.class_id) : '';
    },
  });

/** Never fails: '' when the title could not be read (only the subtitle is lost). */
export const materialTitleQuery = (materialId: number) =>
  queryOptions({ queryKey: assessmentKeys.materialTitle(materialId) as QueryKey, queryFn: () => materialTitle(materialId) });

/** Never fails: '' when the name could not be read (only the subtitle is lost). */
export const classNameQuery = (classId: number) =>
  queryOptions({ queryKey: assessmentKeys.className(classId) as QueryKey, queryFn: () => className(classId) });

/** How many submissions an edit would re-grade. */
export const gradedCountQuery = (kind: AssessmentKind, id: number) =>
  queryOptions({
    queryKey: assessmentKeys.gradedCount(kind, id),
    queryFn: () => (kind === 'exam' ? examsApi : exercisesApi).gradedCount(id),
  });

/**
 * After an exercise or exam is created, edited or deleted: its own screens, the lists that link to it (subjects, the
 * class stream, the dashboard's exams and review list) and its grades read again when next shown. Nothing is read at
 * once: each of these writes leaves its screen, which must not turn into 'already exists' or 'none yet' on its way out.
 */
export function assessmentsChanged(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [assessmentKeys.all, materialKeys.all, classStreamKeys.all, gradesKeys.all, reviewKeys.all, dashboardKeys.all]
      .map((queryKey) => queryClient.invalidateQueries({ queryKey, refetchType: 'none' })),
  ).then(() => undefined);
}
