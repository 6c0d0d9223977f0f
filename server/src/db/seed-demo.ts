/**
 * Demo data for the embedded default (SEED_DEMO=1, never in production), written only into an empty database.
 *
 * Known accounts (printed at start): admin `admin`/`admin123`, teacher NIP `198501012010011001`/`guru123`,
 * student NIS `2024100001`/`siswa123`. Every other seeded account gets its own random password, never shown
 * (an admin can reset it), so no shared default password exists.
 */
import crypto from 'node:crypto';
import { classNameKey, DAY_MS, FIRST_GRADE, ROMAN_GRADE, STUDENT_GRADES, wibDayStart } from '@kelasku/shared-rules';
import { normalizeContent, questionCount } from '../domain/content';
import { sanitizeRichHtml } from '../domain/sanitize';
import { generateInitialPassword, hashPassword } from '../lib/passwords';
import { assignGradeStudentsToClass } from '../domain/repo/assignments';
import type { Db } from './connect';
import { toDbJson } from './json';
import { acquireLease, releaseLease } from './leases';
import { createStudentRecord, createTeacherRecord } from '../domain/repo/profiles';
import type { StudentRow, TeacherRow } from './schema';
import { toDbTime } from './time';

export const DEMO_ACCOUNTS = [
  { role: 'admin', username: 'admin', password: 'admin123' },
  { role: 'teacher', username: '198501012010011001', password: 'guru123' },
  { role: 'student', username: '2024100001', password: 'siswa123' },
] as const;

/** Specializations come from the list the admin picks from (SPECIALIZATIONS in admin-app/src/features/accounts/specializations.ts). */
const TEACHERS = [
  { name: 'Dewi Lestari, S.Pd.', nip: '198501012010011001', specialization: 'Biology' },
  { name: 'Agus Salim, S.Pd.', nip: '197803152005011002', specialization: 'Mathematics' },
  { name: 'Rina Marlina, S.Si.', nip: '198207202008012003', specialization: 'Physics' },
  { name: 'Hendra Wijaya, S.Pd.', nip: '197911302006041004', specialization: 'Chemistry' },
  { name: 'Maria Ulfa, S.S.', nip: '198604122011012005', specialization: 'English' },
  { name: 'Bambang Sutrisno, S.Pd.', nip: '197502282003121006', specialization: 'Civics' },
  { name: 'Yuliana Putri, S.Sn.', nip: '199001052015042007', specialization: 'Art & Culture' },
  { name: 'Teguh Prasetyo, S.Pd.', nip: '198809172014031008', specialization: 'History' },
];

const FIRST = [
  'Adi',
  'Bayu',
  'Citra',
  'Dimas',
  'Eka',
  'Fajar',
  'Gita',
  'Hana',
  'Indra',
  'Joko',
  'Kartika',
  'Lestari',
  'Made',
  'Nanda',
  'Oki',
  'Putri',
  'Rizki',
  'Sari',
  'Taufik',
  'Umi',
  'Vina',
  'Wahyu',
  'Yoga',
  'Zahra',
  'Arif',
  'Bunga',
  'Cahya',
  'Dwi',
  'Evi',
  'Faisal',
  'Gilang',
  'Intan',
];
const LAST = [
  'Pratama',
  'Saputra',
  'Lestari',
  'Wijaya',
  'Nugroho',
  'Permata',
  'Hidayat',
  'Kusuma',
  'Siregar',
  'Simanjuntak',
  'Wulandari',
  'Setiawan',
];

const STUDENTS_PER_GRADE = 32;

const MATERIAL_HTML = `<h2>Struktur dan Fungsi Sel</h2>
<p>Sel adalah <strong>unit terkecil kehidupan</strong>. Semua makhluk hidup tersusun atas satu sel atau lebih.</p>
<h3>Organel penting</h3>
<ul>
  <li><strong>Nukleus</strong> — menyimpan materi genetik dan mengatur kegiatan sel.</li>
  <li><strong>Mitokondria</strong> — tempat respirasi seluler yang menghasilkan energi (ATP).</li>
  <li><strong>Ribosom</strong> — tempat sintesis protein.</li>
  <li><strong>Kloroplas</strong> — tempat fotosintesis, hanya pada sel tumbuhan.</li>
</ul>
<p>Perbedaan utama: sel tumbuhan memiliki <em>dinding sel</em>, <em>kloroplas</em> dan <em>vakuola besar</em>, sedangkan sel hewan tidak.</p>
<blockquote>Tugas: baca materi ini, lalu kerjakan latihan di bawahnya.</blockquote>
<p>Sumber bacaan: <a href="https://id.wikipedia.org/wiki/Sel_(biologi)">Wikipedia — Sel (biologi)</a></p>`;

const EXERCISE_CONTENT = {
  '1': 'Organel yang menjadi tempat respirasi seluler adalah …',
  '1_a': 'Ribosom',
  '1_b': 'Mitokondria',
  '1_c': 'Lisosom',
  '1_d': 'Badan Golgi',
  '1_answer': 'b',
  '2': 'Organel yang hanya dimiliki sel tumbuhan adalah …',
  '2_a': 'Nukleus',
  '2_b': 'Ribosom',
  '2_c': 'Kloroplas',
  '2_d': 'Mitokondria',
  '2_answer': 'c',
  '3': 'Sintesis protein terjadi di …',
  '3_a': 'Ribosom',
  '3_b': 'Vakuola',
  '3_c': 'Dinding sel',
  '3_d': 'Membran sel',
  '3_answer': 'a',
  '4_essay': 'Jelaskan tiga perbedaan antara sel hewan dan sel tumbuhan!',
  '4_essay_answer':
    'Sel tumbuhan memiliki dinding sel, kloroplas, dan vakuola besar; sel hewan tidak memiliki dinding sel dan kloroplas, dan vakuolanya kecil.',
  '5_essay': 'Mengapa mitokondria disebut sebagai "pembangkit tenaga" sel?',
};

const EXAM_CONTENT = {
  '1': 'Bagian sel yang mengatur seluruh kegiatan sel adalah …',
  '1_a': 'Nukleus',
  '1_b': 'Sitoplasma',
  '1_c': 'Membran sel',
  '1_d': 'Vakuola',
  '1_answer': 'a',
  '2': 'Fotosintesis berlangsung di …',
  '2_a': 'Mitokondria',
  '2_b': 'Kloroplas',
  '2_c': 'Ribosom',
  '2_d': 'Lisosom',
  '2_answer': 'b',
  '3_essay': 'Sebutkan fungsi membran sel!',
  '3_essay_answer': 'Membran sel melindungi isi sel dan mengatur keluar masuknya zat ke dalam dan ke luar sel.',
};

function studentName(i: number): string {
  return `${FIRST[i % FIRST.length]} ${LAST[(i * 7 + Math.floor(i / FIRST.length)) % LAST.length]}`;
}

const SEED_LEASE = 'demo-seed';

async function hasUsers(db: Db): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Seed demo data when the database has no users at all; returns whether it seeded.
 * Several nodes may start at once on one empty PostgreSQL: only the holder of the `demo-seed` lease seeds (the others
 * start without it; the data appears when the holder commits), and it looks again under the lease, because another
 * node may have seeded between the first look and taking the lease.
 */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  if (await hasUsers(db)) return false;
  const holder = `${process.pid}-${crypto.randomUUID()}`;
  if (!(await acquireLease(db, SEED_LEASE, holder, 5 * 60_000))) return false;
  try {
    if (await hasUsers(db)) return false;
    await seedDemo(db);
    return true;
  } finally {
    await releaseLease(db, SEED_LEASE, holder);
  }
}

type StudentSpec = { name: string; nis: string; grade: number };

/** STUDENTS_PER_GRADE students of every grade, their NIS numbered from their year of entry. */
function demoStudentSpecs(): StudentSpec[] {
  const studentSpecs: StudentSpec[] = [];
  for (const grade of STUDENT_GRADES) {
    const year = 2024 - (grade - FIRST_GRADE);
    for (let i = 0; i < STUDENTS_PER_GRADE; i++) {
      studentSpecs.push({ name: studentName(i + grade * 3), nis: `${year}1${String(i + 1).padStart(5, '0')}`, grade });
    }
  }
  return studentSpecs;
}

/**
 * Every account's password hash, made before the transaction. Known demo passwords get the normal slow hash; the other
 * accounts get random 16-character secrets nobody ever sees (~93 bits), for which a cheap hash is as safe and keeps
 * start-up fast.
 */
async function demoPasswordHashes(studentSpecs: StudentSpec[]) {
  const known = new Map<string, string>(DEMO_ACCOUNTS.map((a) => [a.username, a.password]));
  const hashFor = (username: string) => {
    const password = known.get(username);
    return password ? hashPassword(password) : hashPassword(generateInitialPassword(16), 1 << 10);
  };
  const adminHash = await hashFor('admin');
  const teacherHashes = await Promise.all(TEACHERS.map((t) => hashFor(t.nip)));
  const studentHashes = await Promise.all(studentSpecs.map((s) => hashFor(s.nis)));
  return { adminHash, teacherHashes, studentHashes };
}

async function seedDemo(db: Db): Promise<void> {
  const studentSpecs = demoStudentSpecs();
  const { adminHash, teacherHashes, studentHashes } = await demoPasswordHashes(studentSpecs);

  await db.transaction().execute(async (trx) => {
    await seedAdmin(trx, adminHash);
    const teachers = await seedTeachers(trx, teacherHashes);
    const classIds = await seedClasses(trx, teachers);
    const students = await seedStudents(trx, studentSpecs, studentHashes);
    // The demo passwords are published (README) for trying the product: no offer to change them on every sign-in.
    await trx.updateTable('users').set({ initial_password: 0 }).execute();

    const materialId = await seedLessons(trx, teachers[0], classIds['X IPA 1']);
    const grade10 = students.filter((s) => s.grade === FIRST_GRADE);
    await seedDiscussions(trx, grade10, materialId);
  });
}

async function seedAdmin(trx: Db, adminHash: string): Promise<void> {
  await trx
    .insertInto('users')
    .values({
      username: 'admin',
      email: 'admin@kelasku.local',
      password_hash: adminHash,
      role: 'admin',
      display_name: 'Admin',
    })
    .execute();
}

async function seedTeachers(trx: Db, teacherHashes: string[]): Promise<TeacherRow[]> {
  const teachers = [];
  for (let i = 0; i < TEACHERS.length; i++) {
    teachers.push(
      await createTeacherRecord(trx, { ...TEACHERS[i], status: 'Active', phone_number: null }, teacherHashes[i]),
    );
  }
  return teachers;
}

/** 3 classes per grade; the demo teacher (Biology) teaches "IPA 1" of every grade. Their ids by name. */
async function seedClasses(trx: Db, teachers: TeacherRow[]): Promise<Record<string, number>> {
  const classIds: Record<string, number> = {};
  for (const grade of STUDENT_GRADES) {
    const plan = [
      { suffix: 'IPA 1', teacher: teachers[0] },
      { suffix: 'IPA 2', teacher: teachers[1 + ((grade - FIRST_GRADE) % 3)] },
      { suffix: 'IPS 1', teacher: teachers[4 + (grade - FIRST_GRADE)] },
    ];
    for (const { suffix, teacher } of plan) {
      const name = `${ROMAN_GRADE[grade]} ${suffix}`;
      const row = await trx
        .insertInto('classes')
        .values({
          name,
          name_key: classNameKey(name),
          description: `Kelas ${name} — ${teacher.specialization}`,
          teacher_id: teacher.id,
          grade,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await assignGradeStudentsToClass(trx, row.id, grade);
      classIds[name] = row.id;
    }
  }
  return classIds;
}

async function seedStudents(trx: Db, studentSpecs: StudentSpec[], studentHashes: string[]): Promise<StudentRow[]> {
  const students = [];
  for (let i = 0; i < studentSpecs.length; i++) {
    students.push(await createStudentRecord(trx, { ...studentSpecs[i], status: 'Active' }, studentHashes[i]));
  }
  return students;
}

/**
 * The demo teacher's two materials in one class, an exercise on the first and an exam open all of today; returns the
 * first material's id.
 */
async function seedLessons(trx: Db, demoTeacher: TeacherRow, classId: number): Promise<number> {
  const material = await trx
    .insertInto('materials')
    .values({
      class_id: classId,
      teacher_id: demoTeacher.id,
      title: 'Struktur dan Fungsi Sel',
      description: 'Mengenal organel sel dan perbedaan sel hewan dengan sel tumbuhan',
      content: sanitizeRichHtml(MATERIAL_HTML),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('materials')
    .values({
      class_id: classId,
      teacher_id: demoTeacher.id,
      title: 'Jaringan Tumbuhan',
      description: 'Jaringan meristem dan jaringan dewasa',
      content: sanitizeRichHtml(
        '<h2>Jaringan Tumbuhan</h2><p>Jaringan <strong>meristem</strong> selalu membelah; jaringan dewasa tidak.</p>',
      ),
    })
    .execute();
  await trx
    .insertInto('exercises')
    .values({
      material_id: material.id,
      teacher_id: demoTeacher.id,
      title: 'Latihan Struktur Sel',
      total_marks: 100,
      content: toDbJson(normalizeContent(EXERCISE_CONTENT)),
      question_count: questionCount(normalizeContent(EXERCISE_CONTENT)),
    })
    .execute();
  const today = wibDayStart(Date.now()); // the exam is open all of today (WIB)
  await trx
    .insertInto('exams')
    .values({
      class_id: classId,
      teacher_id: demoTeacher.id,
      title: 'Ulangan Harian Biologi: Sel',
      total_marks: 100,
      content: toDbJson(normalizeContent(EXAM_CONTENT)),
      question_count: questionCount(normalizeContent(EXAM_CONTENT)),
      start_time: toDbTime(new Date(today)),
      end_time: toDbTime(new Date(today + DAY_MS - 1000)),
    })
    .execute();
  return material.id;
}

/** Two general discussions and one on the material, started and answered by grade 10 students over the last hours. */
async function seedDiscussions(trx: Db, grade10: StudentRow[], materialId: number): Promise<void> {
  const now = Date.now();
  const at = (minutesAgo: number) => toDbTime(new Date(now - minutesAgo * 60_000));
  const post1 = await trx
    .insertInto('general_forum')
    .values({
      student_id: grade10[0].id,
      topic: 'Belajar bareng untuk ulangan biologi',
      description: 'Ada yang mau belajar kelompok sore ini di perpustakaan?',
      created_at: at(180),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const post2 = await trx
    .insertInto('general_forum')
    .values({
      student_id: grade10[1].id,
      topic: 'Jadwal ekstrakurikuler',
      description: 'Apakah jadwal pramuka minggu ini tetap hari Jumat?',
      created_at: at(120),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const post3 = await trx
    .insertInto('material_forum')
    .values({
      student_id: grade10[2].id,
      material_id: materialId,
      topic: 'Tentang vakuola',
      description: 'Kenapa vakuola sel tumbuhan lebih besar daripada sel hewan?',
      created_at: at(90),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const replies = [
    {
      kind: 'general' as const,
      discussion_id: post1.id,
      student_id: grade10[1].id,
      reply: 'Aku ikut! Jam 3 ya.',
      created_at: at(170),
    },
    {
      kind: 'general' as const,
      discussion_id: post1.id,
      student_id: grade10[3].id,
      reply: 'Boleh, aku bawa catatan organel sel.',
      created_at: at(160),
    },
    {
      kind: 'general' as const,
      discussion_id: post2.id,
      student_id: grade10[0].id,
      reply: 'Tetap Jumat, kata kakak pembina.',
      created_at: at(100),
    },
    {
      kind: 'material' as const,
      discussion_id: post3.id,
      student_id: grade10[0].id,
      reply: 'Karena vakuola menyimpan air dan menjaga tekanan turgor sel.',
      created_at: at(80),
    },
  ];
  await trx
    .insertInto('discussion_replies')
    .values(replies.map((r) => ({ ...r, id: crypto.randomUUID() })))
    .execute();
}
