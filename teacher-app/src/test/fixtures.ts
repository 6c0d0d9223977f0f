/** A stored teacher session, as the shell leaves it after login. */
export function signInAsTeacher(overrides: Record<string, unknown> = {}) {
  const user = {
    user_id: 2,
    email: 't@x',
    role: 'teacher',
    display_name: 'Bu Sari',
    exp: Math.floor(Date.now() / 1000) + 3600,
    teacher_id: 7,
    ...overrides,
  };
  localStorage.setItem('token', 'header.payload.sig');
  localStorage.setItem('userData', JSON.stringify(user));
  return user;
}
