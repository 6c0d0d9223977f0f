/**
 * The first-load reads whose own statement does the session check (plugins/auth.ts readWithSession, hot-reads.ts
 * withSessionColumns): a session that no longer holds — older than a password change, its user re-roled or gone —
 * answers 401 session-expired on each of them, before any 403, 404 or empty page, exactly as when the separate
 * lookup ran first; a live session reads as before.
 */
import { type AuthUser, callerOfClaims } from '../plugins/auth';
import { formatWib } from '../domain/exam-window';
import { preparedRead, sqlText } from '../db/prepared';
import { USER_SESSION_SQL, withSessionColumns } from '../domain/repo/hot-reads';
import { buildTestApp, type TestApp } from '../../test/helpers';

jest.setTimeout(30_000);

let t: TestApp;
let materialId: number;
let examId: number;
let student: AuthUser;
let teacher: AuthUser;
let admin: AuthUser;

const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as AuthUser & { sv?: number };
const userOf = async (who: string): Promise<AuthUser> => {
  const c = claims(await t.tokenFor(who));
  return { ...callerOfClaims(c)!, email: c.email, display_name: c.display_name };
};
const get = (token: string, url: string) =>
  t.inject({ method: 'GET', url: `/api/v1${url}`, headers: { authorization: token } });

beforeAll(async () => {
  t = await buildTestApp();
  const classId = t.fixture.classes[0].id;
  const api = (who: string, url: string, payload: Record<string, unknown>) =>
    t.injectWithLogin(who, { method: 'POST', url: `/api/v1${url}`, payload });
  materialId = (
    await api('teacher', '/materials', { title: 'M1', description: 'd', content: '<p>c</p>', class_id: classId })
  ).json().id;
  await api('student', '/discussions-material', { topic: 'A', description: 'x', material_id: materialId });
  const now = Date.now();
  examId = (
    await api('teacher', '/exams', {
      title: 'UTS',
      total_marks: 100,
      class_id: classId,
      start_time: formatWib(now - 3600_000),
      end_time: formatWib(now + 3600_000),
      content: { '1': 'q', '1_a': 'a', '1_b': 'b', '1_c': 'c', '1_d': 'd', '1_answer': 'a', '2_essay': 'e' },
    })
  ).json().id;
  await api('student', '/exams-answers', { exam_id: examId, answers: { '1': 'b', '2': 'x"y' } });
  [student, teacher, admin] = await Promise.all([userOf('student'), userOf('teacher'), userOf('admin')]);
});
afterAll(async () => {
  await t.close();
});

/** Each route: reads that find rows, find none (an empty page, 404) or that the policy refuses, and their status with a live session. */
const reads = (): Record<string, Array<[url: string, live: number]>> => {
  const me = t.fixture.students[0].id;
  const other = t.fixture.students[1].id;
  const [myClass, otherClass] = t.fixture.classes.map((c) => c.id);
  return {
    'classes/assigned': [
      [`/classes/assigned?id=${me}`, 200],
      [`/classes/assigned?id=${me}&page=9`, 200],
      [`/classes/assigned?id=${other}`, 403],
    ],
    'materials/from-class': [
      [`/materials/from-class?id=${myClass}`, 200],
      [`/materials/from-class?id=${myClass}&page=9`, 200],
      [`/materials/from-class?id=${otherClass}`, 403],
    ],
    'exams-answers': [
      [`/exams-answers?exam_id=${examId}`, 200],
      ['/exams-answers?exam_id=999999', 404],
      [`/exams-answers?exam_id=${examId}&student_id=${other}`, 403],
    ],
    'discussions-material': [
      [`/discussions-material?id=${materialId}`, 200],
      [`/discussions-material?id=${materialId}&page=9`, 200],
      ['/discussions-material?id=999999', 404],
    ],
    'stats/student': [['/stats/student', 200]],
    exams: [
      [`/exams?class_id=${myClass}&number=0`, 200],
      ['/exams?class_id=999999', 404],
      [`/exams?class_id=${otherClass}`, 403],
    ],
    'exams/student': [
      [`/exams/student?class_id=${myClass}&number=1`, 200],
      [`/exams/student?class_id=${otherClass}&number=1`, 403],
    ],
    exercises: [
      [`/exercises?material_id=${materialId}`, 200],
      ['/exercises?material_id=999999', 404],
    ],
  };
};
const ROUTES = [
  'classes/assigned',
  'materials/from-class',
  'exams-answers',
  'discussions-material',
  'stats/student',
  'exams',
  'exams/student',
  'exercises',
];

describe.each(ROUTES)('GET /%s', (route) => {
  it('reads with a live session (and refuses or finds nothing as before)', async () => {
    const token = t.app.signToken(student, 0);
    for (const [url, live] of reads()[route]) expect([url, (await get(token, url)).statusCode]).toEqual([url, live]);
  });

  const stale: Array<[string, () => string]> = [
    ['older than a password change', () => t.app.signToken(student, 1)],
    [
      'of a user re-roled since',
      () =>
        t.app.signToken(
          { user_id: student.user_id, role: 'admin', email: student.email, display_name: student.display_name },
          0,
        ),
    ],
    ['of a user that is gone', () => t.app.signToken({ ...student, user_id: 987654 }, 0)],
  ];
  it.each(stale)('a session %s answers 401 first, whatever the read would find', async (_, token) => {
    for (const [url] of reads()[route]) {
      const res = await get(token(), url);
      expect([url, res.statusCode, res.json().code]).toEqual([url, 401, 'session-expired']);
    }
  });
});

it('the session columns never reach a reply', async () => {
  const token = t.app.signToken(student, 0);
  for (const [url, live] of Object.values(reads()).flat())
    if (live === 200) expect((await get(token, url)).body).not.toContain('session_');
});

it('GET /stats/student keeps its role rule: a stale admin is told 401, a live one 403', async () => {
  expect((await get(t.app.signToken(admin, 0), '/stats/student')).statusCode).toBe(403);
  expect((await get(t.app.signToken(admin, 2), '/stats/student')).statusCode).toBe(401);
});

it('GET /classes/assigned keeps its role rule: admins read, a teacher is refused, a stale teacher is told 401', async () => {
  const url = `/classes/assigned?id=${t.fixture.students[0].id}`;
  expect((await get(t.app.signToken(admin, 0), url)).statusCode).toBe(200);
  const refused = await get(t.app.signToken(teacher, 0), url);
  expect([refused.statusCode, refused.json().message]).toEqual([403, 'Forbidden: Students and Admins only']);
  expect((await get(t.app.signToken(teacher, 3), url)).statusCode).toBe(401);
});

it('GET /exams-answers writes the sheet as before, byte for byte', async () => {
  const res = await get(t.app.signToken(student, 0), `/exams-answers?exam_id=${examId}`);
  const { id } = res.json()[0];
  expect(res.body).toBe(
    `[{"id":${id},"exam_id":${examId},"student_id":${t.fixture.students[0].id},"answers":{"1":"b","2":"x\\"y"},"status":"Active","score":null,"answers_seq":null}]`,
  );
});

it('withSessionColumns adds what the session lookup reads to every row of a statement', async () => {
  const text = withSessionColumns(
    sqlText<{ id: number }>('SELECT c.id FROM classes c WHERE c.id IN ($1, $2) ORDER BY c.id'),
    3,
  );
  const [lookup] = await preparedRead(t.db, USER_SESSION_SQL)([student.user_id]);
  const rows = await preparedRead(t.db, text)([t.fixture.classes[0].id, t.fixture.classes[1].id, student.user_id]);
  expect(rows.map((r) => [Number(r.id), r.session_role, Number(r.session_version)])).toEqual(
    [t.fixture.classes[0].id, t.fixture.classes[1].id].map((id) => [id, lookup.role, Number(lookup.session_version)]),
  );
  const [gone] = await preparedRead<{ session_role: unknown }>(t.db, text)([t.fixture.classes[0].id, 0, 987654]);
  expect(gone.session_role).toBeNull();
});
