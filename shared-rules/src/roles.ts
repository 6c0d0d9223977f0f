/**
 * The roles an account has (users.role): the three with their own screens, and the plain `user` account that
 * `POST /users` creates (an operator without a teacher's or student's record, and without a screen of its own).
 */
export const ROLES = ['admin', 'teacher', 'student', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** The roles that have their own app (a remote in the shell). */
export type AppRole = Exclude<Role, 'user'>;

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** The account roles that open an app of the same name; every other account (student, user) opens the student app. */
export const ROLES_WITH_OWN_APP: readonly AppRole[] = ['admin', 'teacher'];

/** The app an account of `role` opens (the shell's remote for it). */
export function appRoleOf(role: string): AppRole {
  return (ROLES_WITH_OWN_APP as readonly string[]).includes(role) ? (role as AppRole) : 'student';
}
