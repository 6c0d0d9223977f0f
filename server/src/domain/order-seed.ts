/**
 * The seed of a student's question and option order (shared-rules shuffle.ts): HMAC-SHA-256 of (kind, item, student)
 * under a key derived from the JWT secret, which every node shares already. So the order is the same on every node and
 * after every reload, and no one without the secret can work it out from the public ids: a student learns only their
 * own seed (with their read of the item), the class's teacher every student's (the submissions list, for the preview).
 * Replacing JWT_SECRET (which ends every session anyway) gives every sheet without a stored seed a new order: do it
 * between exams.
 */
import crypto from 'node:crypto';
import type { ShuffleKind } from '@kelasku/shared-rules';

export type OrderSeeds = (kind: ShuffleKind, itemId: number, studentId: number) => string;

export function orderSeeds(jwtSecret: string): OrderSeeds {
  const key = crypto.createHmac('sha256', jwtSecret).update('kelasku question order seed').digest();
  return (kind, itemId, studentId) =>
    crypto.createHmac('sha256', key).update(`${kind}|${itemId}|${studentId}`).digest('base64url').slice(0, 22);
}

/** A sheet's seed: the one stored with it (sheets opened while orders came from public ids), else the secret one. */
export function seedOfSheet(
  seeds: OrderSeeds,
  kind: ShuffleKind,
  itemId: number,
  studentId: number,
  stored: string | null | undefined,
): string {
  return stored ?? seeds(kind, itemId, studentId);
}
