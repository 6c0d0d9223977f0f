import { queryOptions } from '@tanstack/react-query';
import { gradesKeys } from './query-keys';
import { workApi, type WorkRef } from './work';

/** Every student of the class with status and score (the grades table, "Next student", the shuffle preview). */
export const submissionsQuery = (work: WorkRef) =>
  queryOptions({ queryKey: gradesKeys.submissions(work), queryFn: () => workApi(work.kind).submissions(work.id) });
