/**
 * A small school on top of the test fixture (server/test/helpers.ts), made through the real API, for the
 * authorization matrix and the fuzz tests: one object of each kind owned by teachers[0] / students[0] (the "own"
 * objects), so that teacher2 / student2 / student3 are the "other" callers.
 *
 * Three worlds (`WorldName`), each built on a fresh database:
 * - `base`: as above;
 * - `reassigned`: the admin then gives the own objects' classes (class0 and class2) to teachers[1] with
 *   `PUT /classes?id=`. Rights follow the class, so teacher and teacher2 swap parts: `plays` says which part each
 *   one now plays in the rules (teacher2 is the owner, teacher the other teacher), and fresh classes go to teachers[1];
 * - `unassigned`: the admin then removes students[0] from class0 with `POST /classes/unassign-students`; rules
 *   state what changes for that student in `worlds.unassigned`.
 */
import crypto from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { toDbJson } from '../../src/db/json';
import { formatWib } from '../../src/domain/exam-window';
import { TEST_JWT_SECRET, type TestApp, type Who } from '../helpers';

export const CONTENT = {
  '1': 'Berapakah 2 + 2?',
  '1_a': '3',
  '1_b': '4',
  '1_c': '5',
  '1_d': '6',
  '1_answer': 'b',
  '2_essay': 'Jelaskan fotosintesis',
  '2_essay_answer': 'cahaya air karbon dioksida',
};

const HOUR = 3600_000;

export type WorldName = 'base' | 'reassigned' | 'unassigned';
export const WORLDS: WorldName[] = ['base', 'reassigned', 'unassigned'];

export interface World {
  t: TestApp;
  name: WorldName;
  /** Which caller's part a caller plays in the rules (reassigned: teacher ↔ teacher2); absent = their own. */
  plays: Partial<Record<Who, Who>>;
  /** The teacher of the own objects' classes now (teachers[0], or teachers[1] once reassigned). */
  ownerTeacher: number;
  /** Makes the world's change again after a call that may have undone it (grade-migrate re-assigns by grade). */
  reapply: () => Promise<void>;
  class0: number; // teachers[0], grade 10, students[0] and [1]
  class2: number; // teachers[0], grade 10 (holds gradedExam0)
  class1: number; // teachers[1], grade 11, students[2]
  teacher0: number;
  teacher1: number;
  student0: number;
  student1: number;
  student2: number;
  material0: number; // class0
  exercise0: number; // on material0
  exam0: number; // class0, open now
  exerciseSheet0: number; // students[0] on exercise0 (open)
  examSheet0: number; // students[0] on exam0 (open)
  gradedExercise0: number; // another exercise of class0 that students[0] submitted (has a grade)
  gradedExam0: number; // an exam of another class of teachers[0] (grade 10) that students[0] submitted
  general0: number; // general discussion by students[0]
  materialDiscussion0: number; // on material0 by students[0]
  extraUser: number; // a plain 'user' account
  extraStudent: number; // grade 12 student (no class)
  extraTeacher: number;
  extraClass: number; // grade 12, teachers[0], no students
  seq: () => number;
}

export async function api(t: TestApp, who: Who, method: InjectOptions['method'], url: string, payload?: unknown) {
  return t.injectWithLogin(who, {
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
}

/** Calls the API and returns the JSON body, failing loudly when the status is not 200. */
export async function ok<T = Record<string, unknown>>(
  t: TestApp,
  who: Who,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
): Promise<T> {
  const res = await api(t, who, method, url, payload);
  if (res.statusCode !== 200)
    throw new Error(`${method} ${url} as ${who}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.json<T>();
}

export const openWindow = () => ({
  start_time: formatWib(new Date(Date.now() - HOUR)),
  end_time: formatWib(new Date(Date.now() + 5 * HOUR)),
});

export async function buildWorld(t: TestApp, name: WorldName = 'base'): Promise<World> {
  let n = 0;
  const seq = () => ++n;
  const f = t.fixture;
  const class0 = f.classes[0].id;
  const material0 = (
    await ok<{ id: number }>(t, 'teacher', 'POST', '/materials', {
      title: 'Aljabar',
      description: 'd',
      content: '<p>x</p>',
      class_id: class0,
    })
  ).id;
  const exercise0 = (
    await ok<{ id: number }>(t, 'teacher', 'POST', '/exercises', {
      title: 'Latihan',
      total_marks: 100,
      material_id: material0,
      content: CONTENT,
    })
  ).id;
  const exam0 = (
    await ok<{ id: number }>(t, 'teacher', 'POST', '/exams', {
      title: 'UTS',
      total_marks: 100,
      class_id: class0,
      content: CONTENT,
      ...openWindow(),
    })
  ).id;
  const exerciseSheet0 = (
    await ok<{ id: number }>(t, 'student', 'POST', '/exercises-answers', {
      exercise_id: exercise0,
      answers: { 1: 'b' },
    })
  ).id;
  const examSheet0 = (
    await ok<{ id: number }>(t, 'student', 'POST', '/exams-answers', { exam_id: exam0, answers: { 1: 'a' } })
  ).id;

  const material1 = (
    await ok<{ id: number }>(t, 'teacher', 'POST', '/materials', {
      title: 'Geometri',
      description: 'd',
      content: '<p>y</p>',
      class_id: class0,
    })
  ).id;
  const gradedExercise0 = (
    await ok<{ id: number }>(t, 'teacher', 'POST', '/exercises', {
      title: 'Latihan 2',
      total_marks: 100,
      material_id: material1,
      content: CONTENT,
    })
  ).id;
  await ok(t, 'student', 'POST', '/exercises-answers', {
    exercise_id: gradedExercise0,
    answers: { 1: 'B', 2: 'cahaya' },
  });
  await ok(t, 'student', 'POST', '/exercises/calculate-grade', {
    exercise_id: gradedExercise0,
    student_id: f.students[0].id,
  });

  const class2 = (
    await ok<{ id: number }>(t, 'admin', 'POST', '/classes', {
      name: 'X IPA 2',
      description: 'x',
      teacher_id: f.teachers[0].id,
      grade: 10,
    })
  ).id;
  const gradedExam0 = (
    await ok<{ id: number }>(t, 'teacher', 'POST', '/exams', {
      title: 'UH',
      total_marks: 100,
      class_id: class2,
      content: CONTENT,
      ...openWindow(),
    })
  ).id;
  await ok(t, 'student', 'POST', '/exams-answers', { exam_id: gradedExam0, answers: { 1: 'b' } });
  await ok(t, 'student', 'POST', '/exams/calculate-grade', { exam_id: gradedExam0, student_id: f.students[0].id });

  const general0 = (
    await ok<{ id: number }>(t, 'student', 'POST', '/discussions', { topic: 'Tanya', description: 'Halo' })
  ).id;
  const materialDiscussion0 = (
    await ok<{ id: number }>(t, 'student', 'POST', '/discussions-material', {
      topic: 'Tanya',
      description: 'Halo',
      material_id: material0,
    })
  ).id;
  await ok(t, 'student2', 'PATCH', `/discussions/reply?id=${general0}`, { replies: 'balasan' });

  const extraUser = (
    await ok<{ id: number }>(t, 'admin', 'POST', '/users', {
      username: 'extra-user',
      email: 'extra@kelasku.local',
      password: 'extra-pass-1',
      role: 'user',
    })
  ).id;
  const extraStudent = (
    await ok<{ id: number }>(t, 'admin', 'POST', '/students', {
      name: 'Extra Siswa',
      nis: '2099000001',
      grade: 12,
      status: 'Active',
    })
  ).id;
  const extraTeacher = (
    await ok<{ id: number }>(t, 'admin', 'POST', '/teachers', {
      name: 'Extra Guru',
      nip: '209900000001',
      specialization: 'Art',
      status: 'Active',
    })
  ).id;
  const extraClass = (
    await ok<{ id: number }>(t, 'admin', 'POST', '/classes', {
      name: 'XII Extra',
      description: 'x',
      teacher_id: f.teachers[0].id,
      grade: 12,
    })
  ).id;

  let ownerTeacher = f.teachers[0].id;
  const plays: World['plays'] = {};
  if (name === 'reassigned') {
    ownerTeacher = f.teachers[1].id;
    await ok(t, 'admin', 'PUT', `/classes?id=${class0}`, {
      name: f.classes[0].name,
      description: 'moved',
      grade: 10,
      teacher_id: ownerTeacher,
    });
    await ok(t, 'admin', 'PUT', `/classes?id=${class2}`, {
      name: 'X IPA 2',
      description: 'moved',
      grade: 10,
      teacher_id: ownerTeacher,
    });
    plays.teacher = 'teacher2';
    plays.teacher2 = 'teacher';
  }
  const reapply = async () => {
    if (name === 'unassigned')
      await ok(t, 'admin', 'POST', '/classes/unassign-students', { id: class0, student_id: [f.students[0].id] });
  };
  await reapply();

  return {
    t,
    name,
    plays,
    ownerTeacher,
    reapply,
    class0,
    class2,
    class1: f.classes[1].id,
    teacher0: f.teachers[0].id,
    teacher1: f.teachers[1].id,
    student0: f.students[0].id,
    student1: f.students[1].id,
    student2: f.students[2].id,
    material0,
    exercise0,
    exam0,
    exerciseSheet0,
    examSheet0,
    gradedExercise0,
    gradedExam0,
    general0,
    materialDiscussion0,
    extraUser,
    extraStudent,
    extraTeacher,
    extraClass,
    seq,
  };
}

/** Fresh objects for destructive cells (each caller deletes its own copy). */
export const fresh = {
  material: async (w: World, classId = w.class0) =>
    (
      await ok<{ id: number }>(w.t, 'admin', 'POST', '/materials', {
        title: `M${w.seq()}`,
        description: 'd',
        content: '<p>m</p>',
        class_id: classId,
      })
    ).id,
  exercise: async (w: World) => {
    const material_id = await fresh.material(w);
    return (
      await ok<{ id: number }>(w.t, 'admin', 'POST', '/exercises', {
        title: 'E',
        total_marks: 100,
        material_id,
        content: CONTENT,
      })
    ).id;
  },
  /** A class of the owner teacher in grade 10 (so students[0] and [1] are auto-assigned to it). */
  class: async (w: World, grade = 10) =>
    (
      await ok<{ id: number }>(w.t, 'admin', 'POST', '/classes', {
        name: `C${w.seq()}`,
        description: 'c',
        teacher_id: w.ownerTeacher,
        grade,
      })
    ).id,
  exam: async (w: World) => {
    const class_id = await fresh.class(w);
    return (
      await ok<{ id: number }>(w.t, 'admin', 'POST', '/exams', {
        title: 'X',
        total_marks: 100,
        class_id,
        content: CONTENT,
        ...openWindow(),
      })
    ).id;
  },
  /**
   * A new exercise (in class0) with an open sheet of students[0]: {item, sheet}. The sheet is written straight into
   * the database: in the unassigned world students[0] may no longer open one there, but still owns the old one.
   */
  exerciseSheet: async (w: World) => {
    const exercise_id = await fresh.exercise(w);
    return { item: exercise_id, sheet: await openSheetDirect(w, 'exercise_answers', 'exercise_id', exercise_id) };
  },
  /** A new exam (in a fresh class, open now) with an open sheet of students[0]. */
  examSheet: async (w: World) => {
    const exam_id = await fresh.exam(w);
    return { item: exam_id, sheet: await openSheetDirect(w, 'exam_answers', 'exam_id', exam_id) };
  },
  student: async (w: World) => {
    const nis = `2098${String(w.seq()).padStart(6, '0')}`;
    return (
      await ok<{ id: number }>(w.t, 'admin', 'POST', '/students', {
        name: `S ${nis}`,
        nis,
        grade: 12,
        status: 'Active',
      })
    ).id;
  },
  teacher: async (w: World) => {
    const nip = `2098${String(w.seq()).padStart(8, '0')}`;
    return (
      await ok<{ id: number }>(w.t, 'admin', 'POST', '/teachers', {
        name: `T ${nip}`,
        nip,
        specialization: 'Art',
        status: 'Active',
      })
    ).id;
  },
  general: async (w: World) =>
    (await ok<{ id: number }>(w.t, 'student', 'POST', '/discussions', { topic: `G${w.seq()}`, description: 'd' })).id,
  /** A question of students[0] on material0 (written straight into the database, as sheets above). */
  materialDiscussion: async (w: World) =>
    (
      await w.t.db
        .insertInto('material_forum')
        .values({ topic: `MD${w.seq()}`, description: 'd', material_id: w.material0, student_id: w.student0 })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id,
  report: async (w: World) => {
    const discussion_id = await fresh.general(w);
    return (await ok<{ id: number }>(w.t, 'student2', 'POST', '/reports', { kind: 'general', discussion_id })).id;
  },
};

async function openSheetDirect(
  w: World,
  table: 'exercise_answers' | 'exam_answers',
  idCol: 'exercise_id' | 'exam_id',
  itemId: number,
): Promise<number> {
  // Both sheet tables differ only in the item column (typed here as the exercise one).
  const values = {
    [idCol]: itemId,
    student_id: w.student0,
    answers: toDbJson({ 1: 'b' }),
    status: 'Active' as const,
  } as unknown as { exercise_id: number; student_id: number; answers: string; status: 'Active' };
  return (
    await w.t.db
      .insertInto(table as 'exercise_answers')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

/** An HS256 JWT made by hand (for forged, expired and alg=none tokens). */
export function handMadeToken(
  claims: Record<string, unknown>,
  opts: { secret?: string; alg?: 'HS256' | 'none'; expOffsetSeconds?: number } = {},
): string {
  const now = Math.floor(Date.now() / 1000);
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const alg = opts.alg ?? 'HS256';
  const head = enc({ alg, typ: 'JWT' });
  const body = enc({ ...claims, iat: now, exp: now + (opts.expOffsetSeconds ?? 3600) });
  if (alg === 'none') return `${head}.${body}.`;
  const sig = crypto
    .createHmac('sha256', opts.secret ?? TEST_JWT_SECRET)
    .update(`${head}.${body}`)
    .digest('base64url');
  return `${head}.${body}.${sig}`;
}
