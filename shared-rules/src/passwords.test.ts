import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblems } from './passwords';

const codes = (password: string, current?: string) => passwordProblems(password, current).map((rule) => rule.code);

it('a new password needs 8 to 200 characters, counted as people count them', () => {
  expect(codes('1234567')).toEqual(['password-too-short']);
  expect(codes('12345678')).toEqual([]);
  expect(codes('')).toEqual(['password-too-short']);
  // seven emoji are fourteen UTF-16 units but seven characters: still too short
  expect(codes('😀'.repeat(PASSWORD_MIN_LENGTH - 1))).toEqual(['password-too-short']);
  expect(codes('é'.repeat(PASSWORD_MAX_LENGTH))).toEqual([]);
  expect(codes('x'.repeat(PASSWORD_MAX_LENGTH + 1))).toEqual(['password-too-long']);
  expect(codes('😀'.repeat(PASSWORD_MAX_LENGTH))).toEqual([]);
});

it('a new password must differ from the one it replaces', () => {
  expect(codes('abcdefgh', 'abcdefgh')).toEqual(['password-same-as-current']);
  expect(codes('abc', 'abc')).toEqual(['password-too-short', 'password-same-as-current']);
  expect(codes('abcdefgh', 'abcdefgH')).toEqual([]);
  // nothing typed yet as the current password: no comparison
  expect(codes('abcdefgh', '')).toEqual([]);
});
