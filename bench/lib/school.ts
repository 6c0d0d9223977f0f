/**
 * Builds a benchmark school straight through the server's Kysely layer (10,000 accounts through the API would
 * mean 10,000 slow password hashes; here every account shares one hash made at the server's real cost, so each
 * login still pays the full scrypt verification).
 */
import { classNameKey } from '../../shared-rules/src/class-names';
import { connectDatabase, type DbHandle } from '../../server/src/db/connect';
import { migrateToLatest } from '../../server/src/db/migrate';
import { hashPassword } from '../../server/src/lib/passwords';

export const BENCH_PASSWORD = 'bench-pass-123';

export interface SchoolStudent {
  id: number;
  userId: number;
  nis: string;
  name: string;
  classId: number;
  examId: number | null;
}

export interface SchoolExam {
  id: number;
  classId: number;
  /** n → correct letter (lowercase) */
  key: Record<string, string>;
}

export interface School {
  students: SchoolStudent[];
  classIds: number[];
  teacherIds: number[];
  exams: SchoolExam[];
  password: string;
  /** teacher usernames (NIP) */
  teacherNips: string[];
}

export interface SchoolOptions {
  /** distinct prefix for usernames (digits only in NIS/NIP look realistic but any text works) */
  prefix: string;
  students: number;
  classSize?: number;
  classesPerTeacher?: number;
  /** questions per exam (all multiple choice); 0 = no exams */
  questions?: number;
  /** exam window relative to now (ms) */
  examStartOffsetMs?: number;
  examDurationMs?: number;
  /** add a data-URL image to every question */
  images?: string;
  grade?: number;
}

export function openDb(databaseUrl: string | undefined, sqliteFile: string): DbHandle {
  return connectDatabase({ databaseUrl, sqliteFile });
}

const LETTERS = ['a', 'b', 'c', 'd'];

/** Deterministic pseudo-random numbers (mulberry32) so every run builds the same exams. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function examContent(
  questions: number,
  seed: number,
  image?: string,
): { content: Record<string, string>; key: Record<string, string> } {
  const r = rng(seed);
  const content: Record<string, string> = {};
  const key: Record<string, string> = {};
  for (let n = 1; n <= questions; n++) {
    content[`${n}`] = `Soal ${n}: berapakah hasil dari ${n} × ${n + 3}? Pilih jawaban yang paling tepat.`;
    for (const l of LETTERS) content[`${n}_${l}`] = `Pilihan ${l.toUpperCase()} untuk soal ${n}`;
    const answer = LETTERS[Math.floor(r() * 4)];
    content[`${n}_answer`] = answer;
    key[`${n}`] = answer;
    if (image) content[`${n}_pict`] = image;
  }
  return { content, key };
}

async function insertBatched<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<number[]>): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += size) ids.push(...(await insert(rows.slice(i, i + size))));
  return ids;
}

export async function buildSchool(handle: DbHandle, opts: SchoolOptions): Promise<School> {
  const db = handle.db;
  await migrateToLatest(db, handle.kind);
  const classSize = opts.classSize ?? 40;
  const perTeacher = opts.classesPerTeacher ?? 10;
  const questions = opts.questions ?? 0;
  const grade = opts.grade ?? 10;
  const classCount = Math.max(1, Math.ceil(opts.students / classSize));
  const teacherCount = Math.max(1, Math.ceil(classCount / perTeacher));
  const hash = await hashPassword(BENCH_PASSWORD);
  const now = Date.now();
  const start = new Date(now + (opts.examStartOffsetMs ?? -5 * 60_000));
  const end = new Date(start.getTime() + (opts.examDurationMs ?? 6 * 3600_000));

  return db.transaction().execute(async (trx) => {
    const teacherNips = Array.from(
      { length: teacherCount },
      (_, i) => `${opts.prefix}T${String(i + 1).padStart(5, '0')}`,
    );
    const teacherUserIds = await insertBatched(teacherNips, 500, async (chunk) =>
      (
        await trx
          .insertInto('users')
          .values(
            chunk.map((nip) => ({
              username: nip,
              email: `${nip.toLowerCase()}@teacher.kelasku.local`,
              password_hash: hash,
              role: 'teacher',
              display_name: `Guru ${nip}`,
            })),
          )
          .returning('id')
          .execute()
      ).map((r) => r.id),
    );
    const teacherIds = await insertBatched(
      teacherNips.map((nip, i) => ({ nip, user_id: teacherUserIds[i] })),
      500,
      async (chunk) =>
        (
          await trx
            .insertInto('teachers')
            .values(
              chunk.map((t) => ({
                name: `Guru ${t.nip}`,
                name_search: `guru ${t.nip}`,
                nip: t.nip,
                specialization: 'Mathematics',
                status: 'Active',
                user_id: t.user_id,
                phone_number: null,
                profile_picture_url: null,
              })),
            )
            .returning('id')
            .execute()
        ).map((r) => r.id),
    );

    const classRows = Array.from({ length: classCount }, (_, k) => ({
      name: `${opts.prefix} Kelas ${k + 1}`,
      name_key: classNameKey(`${opts.prefix} Kelas ${k + 1}`),
      description: `Kelas benchmark ${k + 1}`,
      teacher_id: teacherIds[Math.floor(k / perTeacher)],
      grade,
    }));
    const classIds = await insertBatched(classRows, 500, async (chunk) =>
      (await trx.insertInto('classes').values(chunk).returning('id').execute()).map((r) => r.id),
    );

    const nisList = Array.from({ length: opts.students }, (_, i) => `${opts.prefix}${String(i + 1).padStart(6, '0')}`);
    const studentUserIds = await insertBatched(nisList, 500, async (chunk) =>
      (
        await trx
          .insertInto('users')
          .values(
            chunk.map((nis) => ({
              username: nis,
              email: `${nis.toLowerCase()}@student.kelasku.local`,
              password_hash: hash,
              role: 'student',
              display_name: `Siswa ${nis}`,
            })),
          )
          .returning('id')
          .execute()
      ).map((r) => r.id),
    );
    const studentIds = await insertBatched(
      nisList.map((nis, i) => ({ nis, user_id: studentUserIds[i] })),
      500,
      async (chunk) =>
        (
          await trx
            .insertInto('students')
            .values(
              chunk.map((s) => ({
                name: `Siswa ${s.nis}`,
                name_search: `siswa ${s.nis}`,
                nis: s.nis,
                grade,
                status: 'Active',
                user_id: s.user_id,
                phone_number: null,
                curr_score: null,
                profile_picture_url: null,
              })),
            )
            .returning('id')
            .execute()
        ).map((r) => r.id),
    );
    const assignments = studentIds.map((id, i) => ({ student_id: id, class_id: classIds[Math.floor(i / classSize)] }));
    for (let i = 0; i < assignments.length; i += 1000)
      await trx
        .insertInto('assigned_students_class')
        .values(assignments.slice(i, i + 1000))
        .execute();

    const exams: SchoolExam[] = [];
    if (questions > 0) {
      for (let k = 0; k < classIds.length; k++) {
        const { content, key } = examContent(questions, 1000 + k, opts.images);
        const row = await trx
          .insertInto('exams')
          .values({
            class_id: classIds[k],
            title: `Ujian ${opts.prefix} ${k + 1}`,
            content: JSON.stringify(content),
            total_marks: 100,
            question_count: questions,
            teacher_id: classRows[k].teacher_id,
            start_time: start.toISOString(),
            end_time: end.toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        exams.push({ id: row.id, classId: classIds[k], key });
      }
    }
    const examOfClass = new Map(exams.map((e) => [e.classId, e.id]));
    const students: SchoolStudent[] = studentIds.map((id, i) => ({
      id,
      userId: studentUserIds[i],
      nis: nisList[i],
      name: `Siswa ${nisList[i]}`,
      classId: assignments[i].class_id,
      examId: examOfClass.get(assignments[i].class_id) ?? null,
    }));
    return { students, classIds, teacherIds, exams, password: BENCH_PASSWORD, teacherNips };
  });
}
