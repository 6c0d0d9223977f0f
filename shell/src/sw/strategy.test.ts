import { apiCacheKey, strategyFor, userOfAuthorization, withRecord } from './strategy';

const origin = 'https://kelasku.example.sch.id';
const get = (path: string, mode = 'cors') => strategyFor({ url: `${origin}${path}`, method: 'GET', mode, origin });

describe('service worker strategy', () => {
  it('serves content-hashed files and pictures from the cache first', () => {
    expect(get('/remotes/student/src_features_answering_ExamPage_tsx.1a2b3c4d.js')).toBe('cache-first');
    expect(get('/374.0f9e8d7c.js')).toBe('cache-first');
    expect(get('/api/v1/images/9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08')).toBe('cache-first');
  });

  it('asks the network first for everything whose name stays the same between versions', () => {
    for (const path of [
      '/main.js',
      '/remotes.json',
      '/remotes/student/mf-manifest.json',
      '/remotes/student/remoteEntry.js',
      '/manifest.webmanifest',
    ]) {
      expect(get(path)).toBe('network-first');
    }
    expect(get('/ExamStudent?id=3', 'navigate')).toBe('network-first');
  });

  it("keeps the signed-in user's reads, never sign-in, writes, API pages or other origins", () => {
    expect(get('/api/v1/exams?class_id=1')).toBe('api');
    expect(get('/api/v1/auth')).toBe('pass');
    expect(get('/api/docs/', 'navigate')).toBe('pass');
    expect(strategyFor({ url: `${origin}/api/v1/reports`, method: 'DELETE', mode: 'cors', origin })).toBe('pass');
    expect(
      strategyFor({
        url: 'https://cdn.example.org/remotes/student/remoteEntry.js',
        method: 'GET',
        mode: 'cors',
        origin,
      }),
    ).toBe('pass');
  });

  it("keys a read by the token's user, raw or Bearer, and keeps nothing without a readable token", () => {
    const payload = btoa(JSON.stringify({ user_id: 42, role: 'student' })).replace(/=+$/, '');
    const token = `header.${payload}.signature`;
    expect(userOfAuthorization(token)).toBe('42');
    expect(userOfAuthorization(`Bearer ${token}`)).toBe('42');
    expect(userOfAuthorization(null)).toBeNull();
    expect(userOfAuthorization('not-a-token')).toBeNull();
    expect(apiCacheKey(`${origin}/api/v1/exams?class_id=1`, '42')).not.toBe(
      apiCacheKey(`${origin}/api/v1/exams?class_id=1`, '43'),
    );
  });

  it('a saved change refreshes the kept read of the same record (the sheet an offline reload shows)', () => {
    expect(strategyFor({ url: `${origin}/api/v1/exams-answers?id=5`, method: 'PATCH', mode: 'cors', origin })).toBe(
      'update',
    );
    expect(strategyFor({ url: `${origin}/api/v1/auth/change-password`, method: 'PUT', mode: 'cors', origin })).toBe(
      'pass',
    );
    const saved = { id: 5, answers: { '1': 'b' } };
    expect(withRecord([{ id: 5, answers: {} }], saved)).toEqual([saved]);
    expect(withRecord({ id: 5, answers: {} }, saved)).toEqual(saved);
    expect(withRecord([{ id: 6, answers: {} }], saved)).toBeNull();
    expect(withRecord('pong', saved)).toBeNull();
    // a sheet created online joins the kept (empty) list it belongs to, and only that one
    const created = { id: 7, exam_id: 2, student_id: 1, answers: {} };
    expect(withRecord([], created, { exam_id: '2', student_id: '1' })).toEqual([created]);
    expect(withRecord([], created, { exam_id: '3', student_id: '1' })).toBeNull();
    expect(withRecord([], created, {})).toBeNull();
    expect(withRecord([], created, { exam_id: '2', page: '1' })).toBeNull();
  });
});
