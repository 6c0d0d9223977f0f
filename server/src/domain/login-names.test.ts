import { loginNameProblem, normalizeLoginName } from './login-names';

describe('login names', () => {
  it('are compared in NFKC form: fullwidth letters and digits become ASCII, surrounding spaces go', () => {
    expect(normalizeLoginName('ａｄｍｉｎ')).toBe('admin');
    expect(normalizeLoginName(' ２０２４１００００１ ')).toBe('2024100001');
    expect(normalizeLoginName('operator')).toBe('operator');
  });

  it.each([
    'admin',
    'operator.tu',
    'kepala_sekolah-2',
    '2024100001',
    '198501012010011001',
    'siti@sman1',
    'андрей',
    'José',
  ])('accepts %j', (name) => {
    expect(loginNameProblem(normalizeLoginName(name))).toBeUndefined();
  });

  it.each([
    ['admin\u200b', 'invisible'], // zero-width space
    ['ad\u00admin', 'invisible'], // soft hyphen
    ['admin\u2060', 'invisible'], // word joiner
    ['\u202eadmin', 'invisible'], // right-to-left override
    ['adm\u3164in', 'invisible'], // Hangul filler (a "letter" that shows nothing)
    ['admin\u0000', 'invisible'],
    ['adm in', 'space'],
    ['\u0430dmin', 'scripts'], // Cyrillic а
    ['p\u0430ypal', 'scripts'],
    ['admi\u0578', 'scripts'], // Armenian ո
    ['admi\u0307n', 'invisible'], // a combining dot that hides on the i
  ])('refuses %j', (name, kind) => {
    const problem = loginNameProblem(normalizeLoginName(name));
    expect(problem).toBeDefined();
    const expected = {
      invisible: ['login-name-invisible', /invisible/],
      space: ['login-name-spaces', /spaces/],
      scripts: ['login-name-mixed-scripts', /one alphabet/],
    } as const;
    const [code, text] = expected[kind as keyof typeof expected];
    expect(problem?.code).toBe(code);
    expect(problem?.text).toMatch(text);
  });

  it('refuses an empty name', () => {
    expect(loginNameProblem(normalizeLoginName('  '))).toEqual({ code: 'login-name-empty', text: 'must not be empty' });
  });
});
