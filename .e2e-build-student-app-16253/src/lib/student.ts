import { getUserData } from '@kelasku/shared-api';

/** The signed-in student's id from the stored token payload (the server checks it again on every call). */
export function currentStudentId(): number | undefined {
  return getUserData()?.student_id;
}

/** Number from a route or query parameter, or undefined when missing or not a positive integer. */
export function idParam(value: string | null | undefined): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
