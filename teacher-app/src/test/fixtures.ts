import type { ClassItem, ContentMap, Exam, ExamSummary, Exercise, Material, Meta } from '@kelasku/shared-api';

/** A stored teacher session, as the shell leaves it after login. */
export function signInAsTeacher(overrides: Record<string, unknown> = {}) {
  const user = {
    user_id: 2,
    email: 't@x',
    role: 'teacher',
    display_name: 'Bu Sari',
    exp: Math.floor(Date.now() / 1000) + 3600,
    teacher_id: TEACHER_ID,
    ...overrides,
  };
  localStorage.setItem('token', 'header.payload.sig');
  localStorage.setItem('userData', JSON.stringify(user));
  return user;
}

// Replies of the API as the teacher's screens read them, typed with the wire types (a field changed on the server fails
// the typecheck). Each builder fills what a test does not care about.

/** The signed-in teacher's id (signInAsTeacher). */
export const TEACHER_ID = 7;

/** The `meta` of a page of a list: `total` rows over `totalPage` pages. */
export function meta(total: number, totalPage = 1, pageSize = 15, page = 1): Meta {
  return { page, pageSize, total, totalPage, totalpages: totalPage };
}

/** A class of the teacher's. */
export function classItem(c: Pick<ClassItem, 'id' | 'name' | 'grade'> & Partial<ClassItem>): ClassItem {
  return { description: '', teacher_id: TEACHER_ID, teacher_name: 'Bu Sari', student_count: 0, ...c };
}

export const X_IPA_1 = classItem({ id: 4, name: 'X IPA 1', grade: 10 });

/** A subject (material) of class 4. */
export function material(m: Pick<Material, 'id' | 'title'> & Partial<Material>): Material {
  return { class_id: 4, description: '', content: '', teacher_id: TEACHER_ID, exercise_id: null, ...m };
}

/** The two subjects of X IPA 1 the subject lists show: the first has an exercise (id 5), the second none. */
export const SUBJECTS: Material[] = [
  material({ id: 11, title: 'Sel Hewan', description: 'Struktur sel', content: '<p>x</p>', exercise_id: 5 }),
  material({ id: 12, title: 'Genetika', description: 'Pewarisan sifat', content: '<p>y</p>' }),
];

/** Question 1 multiple choice (key B, Jakarta), question 2 an essay with its reference answer. */
export const MC_AND_ESSAY: ContentMap = {
  '1': 'Ibu kota Indonesia?',
  '1_a': 'Bandung',
  '1_b': 'Jakarta',
  '1_c': 'Medan',
  '1_d': 'Solo',
  '1_answer': 'b',
  '2_essay': 'Jelaskan fotosintesis.',
  '2_essay_answer': 'Cahaya menjadi energi kimia.',
};

/** An exercise of material 3. */
export function exercise(e: Pick<Exercise, 'id' | 'title'> & Partial<Exercise>): Exercise {
  return { material_id: 3, content: {}, total_marks: 100, teacher_id: TEACHER_ID, ...e };
}

/** An exam of class 4, scheduled on 15 June 2030 from 08.00 to 09.30 WIB. */
export function exam(e: Pick<Exam, 'id' | 'title'> & Partial<Exam>): Exam {
  return {
    class_id: 4,
    content: {},
    total_marks: 100,
    teacher_id: TEACHER_ID,
    status: 'Scheduled',
    start_time: '2030-06-15T08:00:00+07:00',
    end_time: '2030-06-15T09:30:00+07:00',
    ...e,
  };
}

/** An exam as the class's list of its term's exams shows it (without its content); a current one unless closed. */
export function summaryOf(e: Exam): ExamSummary {
  const { id, class_id, title, start_time, end_time, status } = e;
  return {
    id,
    class_id,
    title,
    kind: e.kind ?? 'daily',
    kind_label: e.kind_label ?? null,
    start_time,
    end_time,
    status,
    closed_at: e.closed_at ?? null,
  };
}
