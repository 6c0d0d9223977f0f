/** What the delivery of sealed answers (routes/sealed-answers) reads and writes; throws nothing HTTP. */
import type { Db } from '../../db/connect';

/**
 * The student's login as it is now (user id and session_version), for the answer save's own checks: the ticket
 * stands for the student, whose session may have ended since (signed out, password reset). Undefined for a student
 * without an active login.
 */
export async function studentLogin(
  db: Db,
  studentId: number,
): Promise<{ userId: number; sessionVersion: number } | undefined> {
  const row = await db
    .selectFrom('students as st')
    .innerJoin('users as u', 'u.id', 'st.user_id')
    .where('st.id', '=', studentId)
    .where('u.role', '=', 'student')
    .where('u.deactivated_at', 'is', null)
    .select(['u.id', 'u.session_version'])
    .executeTakeFirst();
  return row ? { userId: Number(row.id), sessionVersion: Number(row.session_version) } : undefined;
}

/** Takes an envelope's nonce: true the first time, false when it was delivered before (on any node). */
export async function takeDeliveryNonce(db: Db, nonce: string): Promise<boolean> {
  const result = await db
    .insertInto('delivered_tickets')
    .values({ nonce })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}
