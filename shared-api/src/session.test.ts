import {
  clearSession,
  decodeToken,
  getSignedInUser,
  getStoredUsername,
  getToken,
  getUserData,
  roleOf,
  saveSession,
} from './session';

function fakeToken(payload: object): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.signature`;
}

describe('session', () => {
  beforeEach(() => localStorage.clear());

  it('stores the raw token and the decoded payload', () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const token = fakeToken({
      user_id: 5,
      role: 'student',
      display_name: 'Siti Ñurhaliza',
      student_id: 12,
      email: 'a@b',
      exp,
    });
    const user = saveSession(token);
    expect(getToken()).toBe(token);
    expect(user.student_id).toBe(12);
    expect((JSON.parse(localStorage.getItem('userData') ?? '{}') as { display_name?: string }).display_name).toBe(
      'Siti Ñurhaliza',
    );
    expect(getUserData()?.role).toBe('student');
  });

  it('starts signed out with an expired session, but a page already open keeps its user (signed in again in place)', () => {
    saveSession(fakeToken({ role: 'admin', student_id: 3, exp: Math.floor(Date.now() / 1000) - 10 }));
    expect(getSignedInUser()).toBeNull();
    expect(getUserData()?.student_id).toBe(3);
    saveSession(fakeToken({ role: 'admin', exp: Math.floor(Date.now() / 1000) + 60 }));
    expect(getSignedInUser()?.role).toBe('admin');
  });

  it('keeps the NIP/NIS of the sign-in through renewals, and forgets it on logout', () => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    saveSession(fakeToken({ role: 'student', exp }), '2024100001');
    saveSession(fakeToken({ role: 'student', exp: exp + 60 }));
    expect(getStoredUsername()).toBe('2024100001');
    clearSession();
    expect(getStoredUsername()).toBe('');
  });

  it('treats an unreadable session as signed out', () => {
    saveSession(fakeToken({ role: 'admin', exp: Math.floor(Date.now() / 1000) + 60 }));
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
    expect(getSignedInUser()).toBeNull();
  });

  it('maps admin, teacher and any other role to the remote that serves it', () => {
    expect(roleOf({ role: 'admin' })).toBe('admin');
    expect(roleOf({ role: 'teacher' })).toBe('teacher');
    expect(roleOf({ role: 'user' })).toBe('student');
  });
});
