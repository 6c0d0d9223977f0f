// Builds an unsigned JWT-shaped token for tests (the browser never verifies signatures; the server does).
export function fakeToken(payload: Record<string, unknown>): string {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.sig`;
}

export function signInAs(role: 'admin' | 'teacher' | 'student', extra: Record<string, unknown> = {}) {
  const payload = {
    user_id: 1,
    email: `${role}@kelasku.id`,
    role,
    display_name: `Demo ${role}`,
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...extra,
  };
  localStorage.setItem('token', fakeToken(payload));
  localStorage.setItem('userData', JSON.stringify(payload));
}
