import { queryOptions } from '@tanstack/react-query';
import { exercisesApi } from '@kelasku/shared-api';
import { gradeKeys } from '../../lib/query-keys';

/** The student's exercise scores by exercise id (when a grade appears twice, the last row wins, as before). */
export const exerciseScoresQuery = (studentId: number | undefined) =>
  queryOptions({
    queryKey: gradeKeys.exercises(studentId),
    queryFn: async () => {
      if (!studentId) throw new Error('No student id in the session');
      const scores = new Map<number, number>();
      for (const g of await exercisesApi.allGrades(studentId))
        if (g.exercise_id !== undefined) scores.set(g.exercise_id, g.score);
      return scores;
    },
  });
