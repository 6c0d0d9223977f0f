import { clearSession, decodeToken, getToken, getUserData, roleHome, roleOfPath, saveSession } from './session';

function fakeToken(payload: object): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.signature`;
}

describe('session', () => {
  beforeEach(() => localStorage.clear());

  it('stores the raw token and the decoded payload', () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const token = fakeToken({ user_id: 5, role: 'student', display_name: 'Siti Ñurhaliza', student_id: 12, email: 'a@b', exp });
    const user = saveSession(token);
    expect(getToken()).toBe(token);
    expect(user.student_id).toBe(12);
    expect(JSON.parse(localStorage.getItem('userData') ?? '{}').display_name).toBe('Siti Ñurhaliza');
    expect(getUserData()?.role).toBe('student');
  });

  it('treats an expired or unreadable session as signed out', () => {
    saveSession(fakeToken({ role: 'admin', exp: Math.floor(Date.now() / 1000) - 10 }));
    expect(getUserData()).toBeNull();
    localStorage.setItem('userData', '{not json');
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(getUserData()).toBeNull();
  });

  it('clears both keys on logout', () => {
    saveSession(fakeToken({ role: 'teacher', exp: Math.floor(Date.now() / 1000) + 60 }));
    clearSession();
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
  });

  it('rejects a malformed token', () => {
    expect(() => decodeToken('nodots')).toThrow();
  });

  it('stays signed out when the token is not a JWT with a JSON payload', () => {
    const notJson = `${Buffer.from('{}').toString('base64url')}.${Buffer.from('not json').toString('base64url')}.sig`;
    for (const token of ['nodots', 'a.%%%.c', notJson]) {
      expect(() => saveSession(token)).toThrow();
    }
    expect(getToken()).toBeNull();
    expect(getUserData()).toBeNull();
  });

  it('sends admin, teacher and any other role to their dashboards', () => {
    expect(roleHome('admin')).toBe('/DashboardAdmin');
    expect(roleHome('teacher')).toBe('/DashboardTeacher');
    expect(roleHome('user')).toBe('/DashboardStudent');
  });

  it('knows which role a path belongs to', () => {
    expect(roleOfPath('/ManageClass11')).toBe('admin');
    expect(roleOfPath('/class/7')).toBe('admin');
    expect(roleOfPath('/ManageSubjects12')).toBe('teacher');
    expect(roleOfPath('/create-exam')).toBe('teacher');
    expect(roleOfPath('/MyDetailSubject/3')).toBe('student');
    expect(roleOfPath('/MyClassesTask')).toBe('student');
    expect(roleOfPath('/')).toBeNull();
    expect(roleOfPath('/test')).toBeNull();
  });
});
