import { queryOptions, useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { examsApi, exercisesApi, type Exam, type ExamInput, type ExerciseInput } from '@kelasku/shared-api';
import {
  assessmentKeys,
  classStreamKeys,
  dashboardKeys,
  gradesKeys,
  materialKeys,
  reviewKeys,
  type AssessmentKind,
} from '../../lib/query-keys';
import { className, loadExam, loadExercise, materialTitle } from './transport';

// The four reads an AssessmentOwner (owners.ts) names: keys typed as any QueryKey, so exam and exercise fit one type.
const ownerKey = (key: QueryKey): QueryKey => key;

/** The material's exercise, or null when it has none yet. */
export const exerciseOfMaterialQuery = (materialId: number) =>
  queryOptions({ queryKey: ownerKey(assessmentKeys.exercise(materialId)), queryFn: () => loadExercise(materialId) });

/** The class's exam, or null when it has none yet. */
export const examOfClassQuery = (classId: number) =>
  queryOptions({ queryKey: ownerKey(assessmentKeys.exam(classId)), queryFn: () => loadExam(classId) });

/** One exam by its id, current or closed (an ended term's exam is no longer its class's exam). */
export const examByIdQuery = (examId: number) =>
  queryOptions({
    queryKey: ownerKey(assessmentKeys.examById(examId)),
    queryFn: () => examsApi.byId(examId) as Promise<Exam | null>,
  });

/** The class name of an exam read by its id (the exam's own read, from the cache); '' as classNameQuery. */
export const examClassNameQuery = (examId: number) =>
  queryOptions({
    queryKey: ownerKey(assessmentKeys.examClassName(examId)),
    queryFn: async ({ client }) => {
      const exam = await client.ensureQueryData(examByIdQuery(examId));
      return exam ? className(exam.class_id) : '';
    },
  });

/** Never fails: '' when the title could not be read (only the subtitle is lost). */
export const materialTitleQuery = (materialId: number) =>
  queryOptions({
    queryKey: ownerKey(assessmentKeys.materialTitle(materialId)),
    queryFn: () => materialTitle(materialId),
  });

/** Never fails: '' when the name could not be read (only the subtitle is lost). */
export const classNameQuery = (classId: number) =>
  queryOptions({ queryKey: ownerKey(assessmentKeys.className(classId)), queryFn: () => className(classId) });

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
    [assessmentKeys.all, materialKeys.all, classStreamKeys.all, gradesKeys.all, reviewKeys.all, dashboardKeys.all].map(
      (queryKey) => queryClient.invalidateQueries({ queryKey, refetchType: 'none' }),
    ),
  ).then(() => undefined);
}

/** One write of exercises or exams; on success what shows them reads again when next shown (assessmentsChanged). */
function useAssessmentWrite<V>(write: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => assessmentsChanged(queryClient) });
}

export const useCreateExercise = () => useAssessmentWrite((body: ExerciseInput) => exercisesApi.create(body));
export const useCreateExam = () => useAssessmentWrite((body: ExamInput) => examsApi.create(body));
export const useUpdateExercise = () =>
  useAssessmentWrite(({ id, body }: { id: number; body: ExerciseInput }) => exercisesApi.update(id, body));
export const useUpdateExam = () =>
  useAssessmentWrite(({ id, body }: { id: number; body: ExamInput }) => examsApi.update(id, body));

/** Deletes the exercise or the exam of the given id. */
export const useRemoveAssessment = (kind: AssessmentKind) =>
  useAssessmentWrite((id: number) => (kind === 'exam' ? examsApi : exercisesApi).remove(id));
