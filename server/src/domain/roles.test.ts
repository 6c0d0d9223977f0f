import type { FastifyInstance } from 'fastify';
import { isRole, ROLES } from '@kelasku/shared-rules';
import type { Caller } from './policy';

// Type-level checks: typecheck (scripts/typecheck.sh) fails when a line marked @ts-expect-error compiles.
export function misspeltRolesDoNotCompile(app: FastifyInstance): Caller[] {
  // @ts-expect-error 'techer' is no role
  app.requireRole('techer');
  // @ts-expect-error a teacher caller always carries its teacher id
  const teacherWithoutId: Caller = { user_id: 1, role: 'teacher' };
  // @ts-expect-error a student caller always carries its student id
  const studentWithoutId: Caller = { user_id: 2, role: 'student' };
  // @ts-expect-error an admin has no teacher id
  const adminWithTeacherId: Caller = { user_id: 3, role: 'admin', teacher_id: 4 };
  return [teacherWithoutId, studentWithoutId, adminWithTeacherId];
}

describe('roles', () => {
  it('are the four account roles, and nothing else is one', () => {
    expect([...ROLES].sort()).toEqual(['admin', 'student', 'teacher', 'user']);
    expect(ROLES.every(isRole)).toBe(true);
    for (const other of ['techer', 'Admin', '', undefined, 1]) expect(isRole(other)).toBe(false);
  });
});
