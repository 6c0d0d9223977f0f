/** Stores a signed-in student session as the shell would after login. */
export function signInStudent(studentId = 5, name = 'Siti Rahma') {
  localStorage.setItem('token', 'test.token.sig');
  localStorage.setItem(
    'userData',
    JSON.stringify({
      user_id: 9,
      email: 's@x',
      role: 'student',
      display_name: name,
      exp: Date.now() / 1000 + 3600,
      student_id: studentId,
    }),
  );
}
