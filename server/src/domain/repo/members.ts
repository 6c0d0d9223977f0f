/**
 * The one rule of who is a member of a class now: assigned to it, with a login that is not deactivated. Rosters,
 * student counts and "x of y submitted" count only these. A deactivated student stays assigned (reactivating brings
 * them back), and their sheets and grades stay as history where a list needs them.
 */
import { sql } from 'kysely';

/** SQL text: the student whose id is in `studentIdColumn` (e.g. `a.student_id`) is not deactivated. */
export const activeStudentSql = (studentIdColumn: string): string =>
  `NOT EXISTS (SELECT 1 FROM students ms JOIN users mu ON mu.id = ms.user_id WHERE ms.id = ${studentIdColumn} AND mu.deactivated_at IS NOT NULL)`;

/** The same condition for a Kysely `where` (the column is a trusted reference written in the code, never input). */
export const activeStudent = (studentIdColumn: string) => sql<boolean>`${sql.raw(activeStudentSql(studentIdColumn))}`;
