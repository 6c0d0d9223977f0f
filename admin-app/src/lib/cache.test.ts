import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { studentPageQuery, teacherPageQuery } from '../features/accounts/api';
import { reportKeys } from '../features/dashboard/api';
import {
  classKeys,
  invalidateClassReads,
  invalidateStudentReads,
  invalidateTeacherReads,
  statsKeys,
  studentKeys,
  teacherKeys,
} from './cache';

// Which cached reads a write marks out of date (refetched when shown next, or at once when on screen).
const query = { page: 1, filter: '', search: '', sort: false };
const reads: Record<string, QueryKey> = {
  studentPage: studentPageQuery(query).queryKey,
  everyStudent: studentKeys.everyone(),
  teacherPage: teacherPageQuery(query).queryKey,
  everyTeacher: teacherKeys.everyone(),
  gradeClasses: classKeys.ofGrade(10, 1),
  roster: classKeys.roster(5),
  teacherClasses: classKeys.ofTeacher(7),
  stats: statsKeys.admin(),
  reports: reportKeys.all,
};

async function outOfDateAfter(write: (client: QueryClient) => Promise<unknown>): Promise<string[]> {
  const client = new QueryClient();
  for (const key of Object.values(reads)) client.setQueryData(key, 'cached');
  await write(client);
  return Object.keys(reads).filter((name) => client.getQueryState(reads[name])?.isInvalidated);
}

test('a student write: student reads, class reads (rosters, counts) and the statistics', async () => {
  expect(await outOfDateAfter(invalidateStudentReads)).toEqual([
    'studentPage',
    'everyStudent',
    'gradeClasses',
    'roster',
    'teacherClasses',
    'stats',
  ]);
});

test('a teacher write: teacher reads, class reads (they name the teacher) and the statistics', async () => {
  expect(await outOfDateAfter(invalidateTeacherReads)).toEqual([
    'teacherPage',
    'everyTeacher',
    'gradeClasses',
    'roster',
    'teacherClasses',
    'stats',
  ]);
});

test('a class write: every class read and the statistics, not the account lists', async () => {
  expect(await outOfDateAfter(invalidateClassReads)).toEqual(['gradeClasses', 'roster', 'teacherClasses', 'stats']);
});
