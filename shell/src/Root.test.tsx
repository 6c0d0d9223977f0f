// The shared 2-core machine can be slow; user-event interactions on MUI need headroom.
jest.setTimeout(30000);

import { startsOnLogin } from './Root';
import { warmStartRole } from './routing';

const admin = { user_id: 1, email: '', role: 'admin' as const, display_name: 'Admin', exp: 4102444800 };
const student = { ...admin, role: 'user' as const };

describe('first screen choice', () => {
  it("shows the login page to signed-out visitors everywhere but the shell's own developer pages", () => {
    expect(startsOnLogin('/', null)).toBe(true);
    expect(startsOnLogin('/MyDetailClasses/3', null)).toBe(true);
    // A path no remote had when the shell was built (a screen deployed later with its remote) is no exception.
    expect(startsOnLogin('/StudyPlanner', null)).toBe(true);
    expect(startsOnLogin('/test', null)).toBe(false);
    expect(startsOnLogin('/post/', null)).toBe(false);
    expect(startsOnLogin('/', admin)).toBe(false);
  });
});

describe('warm start', () => {
  it("starts the signed-in role's remote early on any path the remotes own, including ones the shell never heard of", () => {
    expect(warmStartRole('/', student)).toBe('student');
    expect(warmStartRole('/MyClasses', student)).toBe('student');
    expect(warmStartRole('/StudyPlanner', student)).toBe('student');
    // Another role's path: the user's own remote takes them to their dashboard, so it is the one to start.
    expect(warmStartRole('/ManageClass10', student)).toBe('student');
    expect(warmStartRole('/DashboardStudent', admin)).toBe('admin');
  });

  it('starts nothing for a signed-out visitor or on the developer pages', () => {
    expect(warmStartRole('/', null)).toBeNull();
    expect(warmStartRole('/MyClasses', null)).toBeNull();
    expect(warmStartRole('/test', student)).toBeNull();
    expect(warmStartRole('/post', admin)).toBeNull();
  });
});
