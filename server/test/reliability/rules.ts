/**
 * The expected authorization rules of every API route, keyed by `METHOD url` exactly as the route table prints it,
 * each with a valid request against the World's "own" objects (teachers[0], students[0]). Used by the authorization
 * matrix (who may call what) and by the hostile-input fuzz test (valid requests are the templates it mutates).
 * PUT and PATCH share one rule; HEAD uses the GET rule.
 *
 * Rules are written for the base world. The reassigned world needs no entries: there teacher and teacher2 swap parts
 * (`World.plays`), because rights follow the class. The unassigned world (students[0] removed from class0) lists its
 * differences in `worlds.unassigned`: that student loses class0's materials, exercises, exams and discussions and
 * may no longer save answers there, but keeps their own sheets and grades.
 */
import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { decodeImageDataUrl, imageUrl, saveImages } from '../../src/domain/images';
import { FIXTURE_PASSWORDS } from '../helpers';
import { CONTENT, fresh, ok, openWindow, type World, type WorldName } from './world';

export type Signed = 'admin' | 'teacher' | 'teacher2' | 'student' | 'student2' | 'student3';
export type Unsigned = 'none' | 'forged' | 'tampered' | 'expired' | 'algnone';
export type Caller = Signed | Unsigned;

export const SIGNED: Signed[] = ['admin', 'teacher', 'teacher2', 'student', 'student2', 'student3'];
export const UNSIGNED: Unsigned[] = ['none', 'forged', 'tampered', 'expired', 'algnone'];
export const CALLERS: Caller[] = [...SIGNED, ...UNSIGNED];
const [A, T, T2, S, S2, S3] = SIGNED;
const ALL = SIGNED;

export interface Req {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

export interface Rule {
  /** Signed-in callers allowed here ('public': every caller, with or without a token). */
  allow: Signed[] | 'public';
  request: (w: World, caller: Caller) => Promise<Req> | Req;
  /** Statuses an allowed caller may get (default [200]). */
  ok?: number[];
  /** Extra assertions on an allowed caller's response (not for HEAD). */
  check?: (caller: Caller, res: LightMyRequestResponse, w: World) => void;
  /** Runs after an allowed call succeeded (undo global effects). */
  after?: (w: World) => Promise<void>;
  /** What differs in another world than the base one. */
  worlds?: Partial<Record<WorldName, Partial<Pick<Rule, 'allow' | 'ok' | 'check'>>>>;
}

/** The rule as it holds in a world. */
export function ruleIn(r: Rule, world: WorldName): Rule {
  return { ...r, ...r.worlds?.[world] };
}

/** Without students[0], who is no longer in class0 in the unassigned world. */
const unassigned = (allow: Signed[]) => ({ unassigned: { allow: allow.filter((c) => c !== 'student') } });

export const v1 = (path: string) => `/api/v1${path}`;
export const q = (path: string, params: Record<string, string | number>) =>
  `${v1(path)}?${Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&')}`;

export const RULES: Record<string, Rule> = {};
const rule = (key: string, r: Rule) => {
  if (RULES[key]) throw new Error(`duplicate rule ${key}`);
  RULES[key] = r;
};
const update = (path: string, r: Rule) => {
  rule(`PUT ${v1(path)}`, r);
  rule(`PATCH ${v1(path)}`, r);
};
const expectKeys = (res: LightMyRequestResponse, keys: string[]) =>
  expect(Object.keys(res.json()).sort()).toEqual([...keys].sort());
/** A 1×1 PNG. */
export const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const hasAnswerKey = (content: Record<string, string>) => Object.keys(content).some((k) => k.endsWith('_answer'));

// ---------------------------------------------------------------- public
rule('GET /api/v1/ping', { allow: 'public', request: () => ({ url: v1('/ping') }) });
// load balancers' probes (routes/health): no token, nothing about the school in the answer
rule('GET /api/v1/health/live', { allow: 'public', request: () => ({ url: v1('/health/live') }) });
rule('GET /api/v1/health/ready', { allow: 'public', request: () => ({ url: v1('/health/ready') }) });
rule('GET /remotes.json', { allow: 'public', request: () => ({ url: '/remotes.json' }) });
rule('GET /api/v1/images/:name', {
  allow: 'public', // an <img> cannot send the token; the name is the content hash (server/README.md, "Images")
  request: async (w) => {
    const img = decodeImageDataUrl(TINY_PNG, 'test');
    await saveImages(w.t.app.db, [img]);
    return { url: imageUrl(img) };
  },
  check: (_c, res) => {
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  },
});
rule('OPTIONS *', {
  allow: 'public',
  ok: [204],
  request: () => ({
    url: v1('/classes'),
    headers: { origin: 'https://school.example', 'access-control-request-method': 'PATCH' },
  }),
});
// Sealed answers come from whoever's page loads next on a shared computer: the ticket inside is the proof, not a token.
rule('POST /api/v1/sealed-answers', {
  allow: 'public',
  ok: [400], // an envelope that does not open: proves any caller reaches the route and nothing is stored
  request: () => ({
    url: v1('/sealed-answers'),
    payload: {
      key_id: '0123456789abcdef',
      kind: 'exam',
      item_id: 1,
      key: 'AA==',
      iv: 'AAAAAAAAAAAAAAAA',
      data: 'AAAA',
    },
  }),
  check: (_c, res) => expect(res.json()).toMatchObject({ code: 'sealed-unreadable' }),
});
rule('POST /api/v1/auth', {
  allow: 'public',
  request: (w) => ({
    url: v1('/auth'),
    payload: { username: w.t.usernameOf('student'), password: FIXTURE_PASSWORDS.student },
  }),
});
// Every signed-in user renews their own token (same session version: a password change still ends it).
rule('POST /api/v1/auth/refresh', {
  allow: ALL,
  request: () => ({ url: v1('/auth/refresh') }),
  check: (_c, res) => expect(typeof res.json().token).toBe('string'),
});
rule('POST /api/v1/auth/change-password', {
  allow: ALL,
  ok: [400], // wrong old password: proves the caller got past the guard without changing anything
  request: () => ({
    url: v1('/auth/change-password'),
    payload: { old_password: 'not-my-password', new_password: 'new-password-123' },
  }),
});

// Every signed-in user saves their own UI language (nobody else's: the account is the token's).
rule('PUT /api/v1/users/language', {
  allow: ALL,
  request: () => ({ url: v1('/users/language'), payload: { language: 'id' } }),
  check: (_c, res) => expect(res.json()).toEqual({ language: 'id' }),
});

// ---------------------------------------------------------------- accounts (admin)
rule('GET /api/v1/users', { allow: [A], request: () => ({ url: v1('/users') }) });
rule('POST /api/v1/users', {
  allow: [A],
  request: (w) => {
    const n = w.seq();
    return {
      url: v1('/users'),
      payload: { username: `u${n}`, email: `u${n}@kelasku.local`, password: 'password-123', role: 'user' },
    };
  },
  check: (_c, res) => expect(res.json().password).toBe(''),
});
update('/users', {
  allow: [A],
  request: (w) => ({
    url: q('/users', { id: w.extraUser }),
    payload: { username: 'extra-user', email: 'extra@kelasku.local', password: 'extra-pass-2', role: 'user' },
  }),
});
rule('GET /api/v1/students', { allow: [A], request: () => ({ url: v1('/students') }) });
rule('POST /api/v1/students', {
  allow: [A],
  request: (w) => ({
    url: v1('/students'),
    payload: { name: 'Baru', nis: `2096${String(w.seq()).padStart(6, '0')}`, grade: 12, status: 'Active' },
  }),
});
update('/students', {
  allow: [A],
  request: (w) => ({
    url: q('/students', { id: w.extraStudent }),
    payload: { name: 'Extra Siswa', nis: '2099000001', grade: 12, status: 'Active' },
  }),
});
rule('DELETE /api/v1/students', {
  allow: [A],
  request: async (w) => ({ url: q('/students', { id: await fresh.student(w) }) }),
});
rule('POST /api/v1/students/deactivate', {
  allow: [A],
  request: async (w) => ({ url: q('/students/deactivate', { id: await fresh.student(w) }) }),
});
rule('POST /api/v1/students/reactivate', {
  allow: [A],
  request: async (w) => ({ url: q('/students/reactivate', { id: await fresh.student(w) }) }),
});
rule('GET /api/v1/students/details', {
  allow: ALL,
  request: (w) => ({ url: q('/students/details', { id: w.student0 }) }),
  // personal data (phone, score, picture, user id) only for admins (docs/api.md §5 item 6)
  check: (c, res) =>
    c === A ? expect(res.json()).toHaveProperty('phone_number') : expectKeys(res, ['id', 'name', 'grade']),
});
rule('POST /api/v1/students/reset-password', {
  allow: [A],
  request: (w) => ({ url: q('/students/reset-password', { id: w.extraStudent }) }),
});
rule('POST /api/v1/students/grade-migrate', {
  allow: [A],
  request: () => ({ url: v1('/students/grade-migrate'), payload: { migrate: 'up' } }),
  after: async (w) => {
    await ok(w.t, 'admin', 'POST', '/students/grade-migrate', { migrate: 'down' });
    await w.reapply(); // back in grade 10, students[0] is assigned to class0 again
  },
});
rule('POST /api/v1/students/import', {
  allow: [A],
  request: () => ({
    url: v1('/students/import'),
    payload: { rows: [{ name: 'Impor', nis: '2097000001', grade: 10, status: 'Active' }], dry_run: true },
  }),
});
rule('GET /api/v1/teachers', { allow: [A], request: () => ({ url: v1('/teachers') }) });
rule('POST /api/v1/teachers', {
  allow: [A],
  request: (w) => ({
    url: v1('/teachers'),
    payload: {
      name: 'Guru Baru',
      nip: `2096${String(w.seq()).padStart(8, '0')}`,
      specialization: 'Art',
      status: 'Active',
    },
  }),
});
update('/teachers', {
  allow: [A],
  request: (w) => ({
    url: q('/teachers', { id: w.extraTeacher }),
    payload: { name: 'Extra Guru', nip: '209900000001', specialization: 'Art', status: 'Active' },
  }),
});
rule('DELETE /api/v1/teachers', {
  allow: [A],
  request: async (w) => ({ url: q('/teachers', { id: await fresh.teacher(w) }) }),
});
rule('POST /api/v1/teachers/deactivate', {
  allow: [A],
  request: async (w) => ({ url: q('/teachers/deactivate', { id: await fresh.teacher(w) }) }),
});
rule('POST /api/v1/teachers/reactivate', {
  allow: [A],
  request: async (w) => ({ url: q('/teachers/reactivate', { id: await fresh.teacher(w) }) }),
});
rule('POST /api/v1/teachers/reset-password', {
  allow: [A],
  request: (w) => ({ url: q('/teachers/reset-password', { id: w.extraTeacher }) }),
});

// ---------------------------------------------------------------- stats
rule('GET /api/v1/stats/admin', { allow: [A], request: () => ({ url: v1('/stats/admin') }) });
rule('GET /api/v1/stats/teacher', { allow: [T, T2], request: () => ({ url: v1('/stats/teacher') }) });
rule('GET /api/v1/stats/student', { allow: [S, S2, S3], request: () => ({ url: v1('/stats/student') }) });
rule('GET /api/v1/students/todo', { allow: [S, S2, S3], request: () => ({ url: v1('/students/todo') }) });

// ---------------------------------------------------------------- classes
rule('GET /api/v1/classes', { allow: ALL, request: () => ({ url: v1('/classes') }) });
rule('POST /api/v1/classes', {
  allow: [A],
  request: (w) => ({
    url: v1('/classes'),
    payload: { name: `Baru ${w.seq()}`, description: 'd', teacher_id: w.teacher0, grade: 12 },
  }),
});
update('/classes', {
  allow: [A],
  request: (w) => ({
    url: q('/classes', { id: w.extraClass }),
    payload: { name: 'XII Extra', description: 'x', teacher_id: w.teacher0, grade: 12 },
  }),
});
rule('DELETE /api/v1/classes', {
  allow: [A],
  request: async (w) => ({ url: q('/classes', { id: await fresh.class(w, 12) }) }),
});
rule('GET /api/v1/classes/delete-impact', {
  allow: [A],
  request: (w) => ({ url: q('/classes/delete-impact', { id: w.class0 }) }),
});
rule('POST /api/v1/classes/archive', {
  allow: [A],
  request: async (w) => ({ url: q('/classes/archive', { id: await fresh.class(w, 12) }) }),
});
rule('POST /api/v1/classes/restore', {
  allow: [A],
  request: async (w) => {
    const id = await fresh.class(w, 12);
    await ok(w.t, 'admin', 'POST', `/classes/archive?id=${id}`);
    return { url: q('/classes/restore', { id }) };
  },
});
rule('GET /api/v1/classes/details', {
  allow: [A, T],
  request: (w) => ({ url: q('/classes/details', { id: w.class0 }) }),
});
rule('GET /api/v1/classes/students', {
  allow: [A, T],
  request: (w) => ({ url: q('/classes/students', { id: w.class0 }) }),
  check: (_c, res, w) => expect(res.json().students.map((s: { id: number }) => s.id)).toContain(w.student1),
});
rule('POST /api/v1/classes/assign-students', {
  allow: [A],
  request: async (w) => ({
    url: v1('/classes/assign-students'),
    payload: { id: await fresh.class(w, 12), student_id: [w.student0] },
  }),
});
for (const method of ['DELETE', 'POST']) {
  rule(`${method} /api/v1/classes/unassign-students`, {
    allow: [A],
    request: (w) => ({
      url: v1('/classes/unassign-students'),
      payload: { id: w.extraClass, student_id: [w.extraStudent] },
    }),
  });
}
for (const change of ['assign', 'move', 'unassign']) {
  rule(`POST /api/v1/classes/roster/${change}`, {
    allow: [A],
    // two fresh grade-10 classes: students[0] is in the first (auto-assigned), not in the second
    request: async (w) => {
      const id = await fresh.class(w);
      const payload =
        change === 'unassign'
          ? { id, student_id: [w.student0] }
          : { id, to: await fresh.class(w), student_id: [w.student0] };
      if (change !== 'unassign')
        await w.t.db.deleteFrom('assigned_students_class').where('class_id', '=', payload.to!).execute();
      return { url: v1(`/classes/roster/${change}`), payload };
    },
  });
}
rule('GET /api/v1/classes/class-id', {
  allow: [A, T],
  request: (w) => ({ url: q('/classes/class-id', { grade: 10, teacher_id: w.ownerTeacher }) }),
});
rule('GET /api/v1/classes/assigned', {
  allow: [A, S],
  request: (w) => ({ url: q('/classes/assigned', { id: w.student0 }) }),
});
rule('GET /api/v1/classes/mine', { allow: [T, T2], request: () => ({ url: v1('/classes/mine') }) });

// ---------------------------------------------------------------- materials
rule('GET /api/v1/materials', {
  allow: [A, T, T2],
  request: () => ({ url: q('/materials', { pageSize: 100 }) }),
  // a teacher sees the materials of the classes they teach now
  check: (c, res, w) => {
    const ids = res.json().materials.map((m: { id: number }) => m.id);
    if (c === T2) expect(ids).not.toContain(w.material0);
    else expect(ids).toContain(w.material0);
  },
});
rule('GET /api/v1/materials/from-class', {
  allow: [A, T, S, S2],
  worlds: unassigned([A, T, S, S2]),
  request: (w) => ({ url: q('/materials/from-class', { id: w.class0 }) }),
});
rule('GET /api/v1/materials/detail', {
  allow: [A, T, S, S2],
  worlds: unassigned([A, T, S, S2]),
  request: (w) => ({ url: q('/materials/detail', { id: w.material0 }) }),
});
rule('POST /api/v1/materials', {
  allow: [A, T],
  request: (w) => ({
    url: v1('/materials'),
    payload: { title: 'Baru', description: 'd', content: '<p>c</p>', class_id: w.class0, teacher_id: w.teacher1 },
  }),
  check: (_c, res, w) => expect(res.json().teacher_id).toBe(w.ownerTeacher), // the class's teacher, never the body's teacher_id
});
update('/materials', {
  allow: [A, T],
  request: (w) => ({
    url: q('/materials', { id: w.material0 }),
    payload: { title: 'Aljabar', description: 'd', content: '<p>x</p>' },
  }),
});
rule('POST /api/v1/materials/copy', {
  allow: [A, T],
  // Into class2, the owner's other grade-10 class: teacher2 and the students are refused.
  request: (w) => ({ url: v1('/materials/copy'), payload: { material_id: w.material0, class_ids: [w.class2] } }),
  check: (_c, res, w) =>
    expect(res.json().materials).toEqual([
      expect.objectContaining({ class_id: w.class2, teacher_id: w.ownerTeacher, exercise_id: expect.any(Number) }),
    ]),
});
rule('DELETE /api/v1/materials', {
  allow: [A, T],
  request: async (w) => ({ url: q('/materials', { id: await fresh.material(w) }) }),
});
// Replies are written by students of the class and by its current teacher (an admin has no author identity).
update('/materials/reply', {
  allow: [T, S, S2],
  worlds: unassigned([T, S, S2]),
  request: (w) => ({ url: q('/materials/reply', { id: w.materialDiscussion0 }), payload: { replies: 'balas' } }),
});

// ---------------------------------------------------------------- discussions
// The school-wide group discussions: every teacher reads and answers there too.
rule('GET /api/v1/discussions', { allow: [A, T, T2, S, S2, S3], request: () => ({ url: v1('/discussions') }) });
rule('POST /api/v1/discussions', {
  allow: [S, S2, S3],
  request: (w) => ({ url: v1('/discussions'), payload: { topic: 'T', description: 'd', student_id: w.student0 } }),
  check: (c, res, w) => expect(res.json().student_id).toBe(c === S ? w.student0 : c === S2 ? w.student1 : w.student2), // never the body's
});
update('/discussions', {
  allow: [S],
  request: (w) => ({ url: q('/discussions', { id: w.general0 }), payload: { topic: 'Tanya', description: 'Halo' } }),
});
rule('DELETE /api/v1/discussions', {
  allow: [A, S],
  request: async (w) => ({ url: q('/discussions', { id: await fresh.general(w) }) }),
});
update('/discussions/reply', {
  allow: [T, T2, S, S2, S3],
  request: (w) => ({
    url: q('/discussions/reply', { id: w.general0 }),
    payload: { replies: 'balas', student_name: 'Palsu' },
  }),
});
rule('GET /api/v1/discussions-material', {
  allow: [A, T, S, S2],
  worlds: unassigned([A, T, S, S2]),
  request: (w) => ({ url: q('/discussions-material', { id: w.material0 }) }),
});
// How many topics of each material of a class no teacher answered: the class's managers.
rule('GET /api/v1/discussions-material/unanswered', {
  allow: [A, T],
  request: (w) => ({ url: q('/discussions-material/unanswered', { class_id: w.class0 }) }),
});
// The same over the classes the caller teaches now (the teacher dashboard): teachers, each of their own classes only.
rule('GET /api/v1/discussions-material/unanswered/mine', {
  allow: [T, T2],
  request: () => ({ url: v1('/discussions-material/unanswered/mine') }),
  check: (caller, res, w) => {
    const othersClasses = caller === T ? [w.class1] : [w.class0, w.class2]; // caller: the part played (see World.plays)
    for (const c of res.json().classes as { class_id: number }[]) expect(othersClasses).not.toContain(c.class_id);
  },
});
rule('POST /api/v1/discussions-material', {
  allow: [S, S2],
  worlds: unassigned([S, S2]),
  request: (w) => ({
    url: v1('/discussions-material'),
    payload: { topic: 'T', description: 'd', material_id: w.material0 },
  }),
});
update('/discussions-material', {
  allow: [S],
  worlds: unassigned([S]), // the author, while they may read the material
  request: (w) => ({
    url: q('/discussions-material', { id: w.materialDiscussion0 }),
    payload: { topic: 'Tanya', description: 'Halo', material_id: w.material0 },
  }),
});
// The author, an admin, or the class's current teacher (who moderates the discussions of their class).
rule('DELETE /api/v1/discussions-material', {
  allow: [A, T, S],
  worlds: unassigned([A, T, S]),
  request: async (w) => ({ url: q('/discussions-material', { id: await fresh.materialDiscussion(w) }) }),
});
update('/discussions-material/reply', {
  allow: [T, S, S2],
  worlds: unassigned([T, S, S2]),
  request: (w) => ({
    url: q('/discussions-material/reply', { id: w.materialDiscussion0 }),
    payload: { replies: 'balas' },
  }),
});

/** A reply of students[0] under a post (written straight into the database: fresh for each destructive call). */
async function freshReply(w: World, kind: 'general' | 'material', discussionId: number): Promise<string> {
  const id = crypto.randomUUID();
  await w.t.db
    .insertInto('discussion_replies')
    .values({ id, kind, discussion_id: discussionId, student_id: w.student0, reply: 'r' })
    .execute();
  return id;
}
// One reply removed: its author (while they may read the post) or a moderator (admin; in a material's discussion also
// the class's current teacher).
rule('DELETE /api/v1/discussions/reply', {
  allow: [A, S],
  request: async (w) => ({
    url: q('/discussions/reply', { id: w.general0, reply_id: await freshReply(w, 'general', w.general0) }),
  }),
});
rule('DELETE /api/v1/discussions-material/reply', {
  allow: [A, T, S],
  worlds: unassigned([A, T, S]),
  request: async (w) => ({
    url: q('/discussions-material/reply', {
      id: w.materialDiscussion0,
      reply_id: await freshReply(w, 'material', w.materialDiscussion0),
    }),
  }),
});

// ---------------------------------------------------------------- reports
rule('POST /api/v1/reports', {
  allow: [S, S2, S3],
  request: (w) => ({ url: v1('/reports'), payload: { kind: 'general', discussion_id: w.general0 } }),
});
rule('GET /api/v1/reports', { allow: [A], request: () => ({ url: v1('/reports') }) });
rule('DELETE /api/v1/reports', {
  allow: [A],
  request: async (w) => ({ url: q('/reports', { id: await fresh.report(w) }) }),
});
rule('POST /api/v1/reports/dismiss', {
  allow: [A],
  request: async (w) => ({ url: q('/reports/dismiss', { id: await fresh.report(w) }) }),
});

// ---------------------------------------------------------------- exercises and exams (same rules, different parents)
for (const kind of ['exercise', 'exam'] as const) {
  const base = `/${kind}s`;
  const idCol = `${kind}_id`;
  const parentKey = kind === 'exercise' ? 'material_id' : 'class_id';
  const parent = (w: World) => (kind === 'exercise' ? w.material0 : w.class0);
  const item = (w: World) => (kind === 'exercise' ? w.exercise0 : w.exam0);
  const graded = (w: World) => (kind === 'exercise' ? w.gradedExercise0 : w.gradedExam0);
  const sheet = (w: World) => (kind === 'exercise' ? w.exerciseSheet0 : w.examSheet0);
  const freshSheet = (w: World) => (kind === 'exercise' ? fresh.exerciseSheet(w) : fresh.examSheet(w));
  const window = kind === 'exam' ? openWindow : () => ({});

  rule(`GET ${v1(base)}`, {
    allow: [A, T, S, S2],
    worlds: unassigned([A, T, S, S2]),
    request: (w) => ({ url: q(base, { [parentKey]: parent(w) }) }),
    // students never get answer keys; the owner does
    check: (c, res) => expect(hasAnswerKey(res.json()[0].content)).toBe(c === A || c === T),
  });
  rule(`GET ${v1(`${base}/student`)}`, {
    allow: [A, T, S, S2],
    worlds: unassigned([A, T, S, S2]),
    request: (w) => ({ url: q(`${base}/student`, { [parentKey]: parent(w), number: 1 }) }),
    check: (_c, res) => expect(hasAnswerKey(res.json()[0].content)).toBe(false), // one question, never its key (§4.2)
  });
  rule(`POST ${v1(base)}`, {
    allow: [A, T],
    request: async (w) => ({
      url: v1(base),
      payload: {
        title: 'Baru',
        total_marks: 100,
        content: CONTENT,
        teacher_id: w.teacher1,
        ...window(),
        [parentKey]: kind === 'exercise' ? await fresh.material(w) : await fresh.class(w, 12),
      },
    }),
  });
  update(base, {
    allow: [A, T],
    request: (w) => ({
      url: q(base, { id: item(w) }),
      payload: { title: 'Judul', total_marks: 100, content: CONTENT, ...window() },
    }),
  });
  rule(`DELETE ${v1(base)}`, {
    allow: [A, T],
    request: async (w) => ({
      url: q(base, { id: kind === 'exercise' ? await fresh.exercise(w) : await fresh.exam(w) }),
    }),
  });
  rule(`POST ${v1(`${base}/calculate-grade`)}`, {
    allow: [A, T, S], // the student themself, or the teacher of the class / an admin grading that student's sheet
    // Fresh exercises live in class0, fresh exams in a fresh class. In the unassigned world students[0] has left
    // class0: they may not submit there, and grading them there finds no such student in the class (404).
    ...(kind === 'exercise' ? { worlds: { unassigned: { allow: [A, T], ok: [404], check: undefined } } } : {}),
    request: async (w) => ({
      url: v1(`${base}/calculate-grade`),
      payload: { [idCol]: (await freshSheet(w)).item, student_id: w.student0 },
    }),
    check: (_c, res, w) => expect(res.json().student_id).toBe(w.student0),
  });
  rule(`GET ${v1(`${base}/get-grade`)}`, {
    allow: [A, T, S],
    request: (w) => ({ url: q(`${base}/get-grade`, { [idCol]: graded(w), student_id: w.student0 }) }),
    check: (_c, res) => expect(res.json()).toHaveLength(1),
  });
  rule(`GET ${v1(`${base}/get-all-grade`)}`, {
    allow: [A, T, T2, S], // another teacher gets an answer, but only grades of their own classes: none here
    request: (w) => ({ url: q(`${base}/get-all-grade`, { student_id: w.student0 }) }),
    check: (c, res) => (c === T2 ? expect(res.json()).toEqual([]) : expect(res.json().length).toBeGreaterThan(0)),
  });
  rule(`GET ${v1(`${base}/submissions`)}`, {
    allow: [A, T],
    request: (w) => ({ url: q(`${base}/submissions`, { [idCol]: item(w) }) }),
  });
  // item analysis and the count an edit re-grades: the class's current teacher and admins
  rule(`GET ${v1(`${base}/analysis`)}`, {
    allow: [A, T],
    request: (w) => ({ url: q(`${base}/analysis`, { [idCol]: item(w) }) }),
  });
  rule(`GET ${v1(`${base}/graded-count`)}`, {
    allow: [A, T],
    request: (w) => ({ url: q(`${base}/graded-count`, { [idCol]: item(w) }) }),
    check: (_c, res) => expect(typeof res.json().count).toBe('number'),
  });
  rule(`GET ${v1(`${base}/submission`)}`, {
    allow: [A, T],
    worlds: { unassigned: { ok: [404] } }, // students[0] is no longer in class0: not found there
    request: (w) => ({ url: q(`${base}/submission`, { [idCol]: item(w), student_id: w.student0 }) }),
  });
  update(`${base}/essay-score`, {
    allow: [A, T],
    request: (w) => ({
      url: v1(`${base}/essay-score`),
      payload: { [idCol]: graded(w), student_id: w.student0, number: 2, score: 10 },
    }),
  });
  // answer sheets
  rule(`GET ${v1(`${base}-answers`)}`, {
    allow: [A, T, S],
    request: (w) => ({ url: q(`${base}-answers`, { [idCol]: item(w), student_id: w.student0 }) }),
    check: (_c, res, w) =>
      expect(res.json()).toEqual([expect.objectContaining({ id: sheet(w), student_id: w.student0 })]),
  });
  rule(`POST ${v1(`${base}-answers`)}`, {
    allow: [S, S2], // students of the class open their own sheet; student_id comes from the token
    worlds: unassigned([S, S2]),
    request: (w) => ({
      url: v1(`${base}-answers`),
      payload: { [idCol]: item(w), student_id: w.student0, answers: {} },
    }),
    check: (c, res, w) => expect(res.json().student_id).toBe(c === S ? w.student0 : w.student1),
  });
  update(`${base}-answers`, {
    allow: [S],
    worlds: unassigned([S]), // the owner, while assigned to the item's class
    // `seq` (order-safe saves) is in the template so the fuzzer also mutates it.
    request: (w) => ({
      url: q(`${base}-answers`, { id: sheet(w) }),
      payload: { answers: { 1: 'b' }, seq: w.seq(), student_id: w.student1 },
    }),
  });
  rule(`DELETE ${v1(`${base}-answers`)}`, {
    allow: [A, T],
    request: async (w) => ({ url: q(`${base}-answers`, { id: (await freshSheet(w)).sheet }) }),
  });
}

export function ruleFor(method: string, url: string): Rule | undefined {
  return RULES[`${method === 'HEAD' ? 'GET' : method} ${url}`];
}

// ---------------------------------------------------------------- the class's to-review list
// The class's managers, as the class's grades (submissions): its current teacher and admins.
rule('GET /api/v1/classes/to-review', {
  allow: [A, T],
  request: (w) => ({ url: q('/classes/to-review', { id: w.class0 }) }),
  check: (_c, res, w) => expect(res.json()).toMatchObject({ class_id: w.class0, items: expect.any(Array) }),
});

// ---------------------------------------------------------------- a class's term of exams and its gradebook
/** A fresh exam (in a fresh class) that has ended: what may be closed. */
const endedExam = async (w: World) => {
  const id = await fresh.exam(w);
  const past = {
    start_time: new Date(Date.now() - 7_200_000).toISOString(),
    end_time: new Date(Date.now() - 1000).toISOString(),
  };
  await ok(w.t, 'admin', 'PATCH', `/exams?id=${id}`, { title: 'X', total_marks: 100, content: CONTENT, ...past });
  return id;
};
rule('GET /api/v1/exams/of-class', {
  allow: [A, T, S, S2],
  worlds: unassigned([A, T, S, S2]),
  request: (w) => ({ url: q('/exams/of-class', { class_id: w.class0 }) }),
  check: (_c, res, w) => expect(res.json()).toEqual([expect.objectContaining({ id: w.exam0, closed_at: null })]),
});
rule('GET /api/v1/exams/by-id', {
  allow: [A, T, S, S2],
  worlds: unassigned([A, T, S, S2]),
  request: (w) => ({ url: q('/exams/by-id', { id: w.exam0 }) }),
  check: (c, res) => expect(hasAnswerKey(res.json().content)).toBe(c === A || c === T),
});
rule('POST /api/v1/exams/close', {
  allow: [A, T],
  request: async (w) => ({ url: q('/exams/close', { id: await endedExam(w) }) }),
  check: (_c, res) => expect(res.json().closed_at).toEqual(expect.any(String)),
});
rule('POST /api/v1/exams/reopen', {
  allow: [A, T],
  request: async (w) => {
    const id = await endedExam(w);
    await ok(w.t, 'admin', 'POST', `/exams/close?id=${id}`);
    return { url: q('/exams/reopen', { id }) };
  },
  check: (_c, res) => expect(res.json().closed_at).toBeNull(),
});
rule('GET /api/v1/classes/gradebook', {
  allow: [A, T],
  request: (w) => ({ url: q('/classes/gradebook', { id: w.class0 }) }),
  check: (_c, res, w) =>
    expect(res.json()).toMatchObject({
      class_id: w.class0,
      assessments: expect.any(Array),
      students: expect.any(Array),
    }),
});
update('/classes/gradebook-weights', {
  allow: [A, T],
  request: (w) => ({
    url: q('/classes/gradebook-weights', { id: w.class0 }),
    payload: { exercise: 30, daily: 20, midterm: 20, final: 30 },
  }),
});
// ---------------------------------------------------------------- the live exam monitor (the exam's managers) and heartbeats
rule('GET /api/v1/exams/monitor', {
  allow: [A, T],
  request: (w) => ({ url: q('/exams/monitor', { id: w.exam0 }) }),
  check: (_c, res, w) => expect(res.json()).toMatchObject({ exam_id: w.exam0, students: expect.any(Array) }),
});
rule('POST /api/v1/exams/monitor/extra-time', {
  allow: [A, T],
  request: (w) => ({
    url: q('/exams/monitor/extra-time', { id: w.exam0 }),
    payload: { student_id: w.student1, minutes: 5 },
  }),
});
rule('POST /api/v1/exams/monitor/one-device', {
  allow: [A, T],
  request: (w) => ({ url: q('/exams/monitor/one-device', { id: w.exam0 }), payload: { on: false } }),
});
rule('POST /api/v1/exams/monitor/release-device', {
  allow: [A, T],
  request: (w) => ({ url: q('/exams/monitor/release-device', { id: w.exam0 }), payload: { student_id: w.student1 } }),
});
rule('POST /api/v1/exams/monitor/end-attempt', {
  allow: [A, T],
  request: async (w) => ({
    url: q('/exams/monitor/end-attempt', { id: (await fresh.examSheet(w)).item }),
    payload: { student_id: w.student0 },
  }),
});
rule('POST /api/v1/exams-answers/heartbeat', {
  allow: [S], // the sheet's owner (a presence, not a write: kept also when no longer assigned)
  request: (w) => ({
    url: q('/exams-answers/heartbeat', { id: w.examSheet0 }),
    headers: { 'x-kelasku-device': 'matrix-device-0001' },
  }),
});
