import { examsApi, exercisesApi } from '@kelasku/shared-api';
import { parsePositiveInt } from './params';

export type WorkKind = 'exercise' | 'exam';

export interface WorkRef {
  kind: WorkKind;
  id: number;
}

/** Which exercise or exam the URL names (?exercise_id= or ?exam_id=). */
export function workFromParams(params: URLSearchParams): WorkRef | null {
  const exerciseId = parsePositiveInt(params.get('exercise_id'));
  if (exerciseId) return { kind: 'exercise', id: exerciseId };
  const examId = parsePositiveInt(params.get('exam_id'));
  return examId ? { kind: 'exam', id: examId } : null;
}

export function workApi(kind: WorkKind) {
  return kind === 'exam' ? examsApi : exercisesApi;
}

export function workQuery(work: WorkRef): string {
  return `${work.kind === 'exam' ? 'exam_id' : 'exercise_id'}=${work.id}`;
}
