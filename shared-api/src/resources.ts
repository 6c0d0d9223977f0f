import { deleteData, deleteDataWithBody, getData, patchData, postData, putData } from './http';
import { deviceHeaders } from './device-id';
import type { Language } from '@kelasku/shared-rules/src/languages';
import type { GradebookWeights } from '@kelasku/shared-rules/src/gradebook';
import type {
  AdminStats,
  ExamSummary,
  Gradebook,
  AnswerChanges,
  AnswerSheet,
  Answers,
  ClassDetail,
  ClassImpact,
  ClassItem,
  Discussion,
  Exam,
  UnansweredTopics,
  Exercise,
  Grade,
  ImportResult,
  Material,
  Meta,
  Report,
  Student,
  StudentStats,
  StudentTodo,
  Submission,
  SubmissionDetail,
  Teacher,
  TeacherStats,
  User,
} from './types';

export type Page<K extends string, T> = { [key in K]: T[] } & { meta: Meta };

/** Walks every page of a paginated list (pickers that must show everything). */
async function allPages<T>(fetchPage: (page: number) => Promise<{ items: T[]; meta: Meta }>): Promise<T[]> {
  const first = await fetchPage(1);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.meta.totalPage - 1) }, (_, i) => fetchPage(i + 2)),
  );
  return [first, ...rest].flatMap((p) => p.items);
}

export const authApi = {
  login: (username: string, password: string) => postData<{ token: string }>('/auth', { username, password }),
  /** The reply's token replaces the stored one: the change ends every older session, this one's included. */
  changePassword: (old_password: string, new_password: string) =>
    postData<{ message: string; token: string }>('/auth/change-password', { old_password, new_password }),
};

export const usersApi = {
  create: (body: { username: string; email: string; password: string; role: string }) => postData<User>('/users', body),
  /** Remembers the signed-in user's UI language on the account (the login reply brings it back on any device). */
  saveLanguage: (language: Language) => putData<{ language: Language }>('/users/language', { language }),
};

export interface StudentQuery {
  page?: number;
  pageSize?: number;
  grade?: number;
  search?: string;
  searchNIS?: string;
  sortByNIS?: boolean;
}
export type StudentInput = Pick<Student, 'name' | 'nis' | 'grade' | 'status'> & { join_classes?: boolean };

export const studentsApi = {
  list: (q: StudentQuery = {}) => getData<Page<'students', Student>>('/students', { ...q }),
  all: () =>
    allPages((page) => studentsApi.list({ page, pageSize: 100 }).then((r) => ({ items: r.students, meta: r.meta }))),
  create: (body: StudentInput) => postData<Student>('/students', body),
  update: (id: number, body: StudentInput) => patchData<Student>('/students', body, { id }),
  remove: (id: number) => deleteData<{ message: string }>('/students', { id }),
  details: (id: number) =>
    getData<Pick<Student, 'id' | 'name' | 'grade'> & Partial<Student>>('/students/details', { id }),
  resetPassword: (id: number) => postData<{ initial_password: string }>('/students/reset-password', undefined, { id }),
  /** `join_classes`: absent = true (the server's default: every class of their grade). */
  importRows: (rows: StudentInput[], dry_run = false, join_classes?: boolean) =>
    postData<ImportResult>('/students/import', {
      rows,
      dry_run,
      ...(join_classes === undefined ? {} : { join_classes }),
    }),
  setActive: (id: number, active: boolean) =>
    postData<Student>(`/students/${active ? 'reactivate' : 'deactivate'}`, undefined, { id }),
};

export interface TeacherQuery {
  page?: number;
  pageSize?: number;
  specialization?: string;
  search?: string;
  searchNIP?: string;
  sortByNIP?: boolean;
}
export type TeacherInput = Pick<Teacher, 'name' | 'nip' | 'specialization' | 'status'>;

export const teachersApi = {
  list: (q: TeacherQuery = {}) => getData<Page<'students', Teacher>>('/teachers', { ...q }),
  all: () =>
    allPages((page) => teachersApi.list({ page, pageSize: 100 }).then((r) => ({ items: r.students, meta: r.meta }))),
  create: (body: TeacherInput) => postData<Teacher>('/teachers', body),
  update: (id: number, body: TeacherInput) => patchData<Teacher>('/teachers', body, { id }),
  remove: (id: number) => deleteData<{ message: string }>('/teachers', { id }),
  resetPassword: (id: number) => postData<{ initial_password: string }>('/teachers/reset-password', undefined, { id }),
  setActive: (id: number, active: boolean) =>
    postData<Teacher>(`/teachers/${active ? 'reactivate' : 'deactivate'}`, undefined, { id }),
};

/** `enrol_all` (create only): add every student of the grade; absent = true. */
export type ClassInput = Pick<ClassItem, 'name' | 'description' | 'teacher_id' | 'grade'> & { enrol_all?: boolean };

/** A class's gradebook (its teacher): every exercise and exam as columns, the roster as rows; the weights per kind. */
export const gradebookApi = {
  get: (classId: number) => getData<Gradebook>('/classes/gradebook', { id: classId }),
  setWeights: (classId: number, weights: GradebookWeights) =>
    putData<GradebookWeights>('/classes/gradebook-weights', weights, { id: classId }),
};

export const classesApi = {
  list: (q: { page?: number; pageSize?: number; grade?: number } = {}) =>
    getData<Page<'classes', ClassItem>>('/classes', { ...q }),
  /** The archived classes (admins). */
  archived: (q: { page?: number; pageSize?: number; grade?: number } = {}) =>
    getData<Page<'classes', ClassItem>>('/classes', { ...q, archived: 1 }),
  deleteImpact: (id: number) => getData<ClassImpact>('/classes/delete-impact', { id }),
  archive: (id: number) => postData<ClassItem>('/classes/archive', undefined, { id }),
  restore: (id: number) => postData<ClassItem>('/classes/restore', undefined, { id }),
  create: (body: ClassInput) => postData<ClassItem>('/classes', body),
  update: (id: number, body: ClassInput) => patchData<ClassItem>('/classes', body, { id }),
  remove: (id: number) => deleteData<{ message: string }>('/classes', { id }),
  details: (id: number, page = 1, pageSize?: number) =>
    getData<{ classes: ClassDetail; meta: Meta }>('/classes/details', { id, page, pageSize }),
  assign: (id: number, student_id: number[]) =>
    postData<{ message: string }>('/classes/assign-students', { id, student_id }),
  unassign: (id: number, student_id: number[]) =>
    deleteDataWithBody<{ message: string }>('/classes/unassign-students', { id, student_id }),
  classId: (grade: number, teacher_id: number) =>
    getData<{ class_id: number | null; total: number }>('/classes/class-id', { grade, teacher_id }),
  assigned: (studentId: number, page = 1, pageSize?: number) =>
    getData<Page<'classes', ClassItem>>('/classes/assigned', { id: studentId, page, pageSize }),
  /** The archived classes a student was in (their results stay readable). */
  assignedArchived: (studentId: number, page = 1, pageSize?: number) =>
    getData<Page<'classes', ClassItem>>('/classes/assigned', { id: studentId, page, pageSize, archived: 1 }),
  mine: () => getData<{ classes: ClassItem[] }>('/classes/mine'),
  students: (id: number, q: { page?: number; pageSize?: number; search?: string } = {}) =>
    getData<Page<'students', Student>>('/classes/students', { id, ...q }),
  /** Students of class `id` join class `to` as well (assign), go there (move), or leave `id` (unassign): all or nothing. */
  changeRoster: (change: 'assign' | 'move' | 'unassign', body: { id: number; to?: number; student_id: number[] }) =>
    postData<{ message: string; count: number }>(`/classes/roster/${change}`, body),
};

export type MaterialInput = Pick<Material, 'title' | 'description' | 'content' | 'class_id'> & { teacher_id?: number };

export const materialsApi = {
  fromClass: (classId: number, page = 1, pageSize?: number) =>
    getData<Page<'materials', Material>>('/materials/from-class', { id: classId, page, pageSize }),
  detail: (id: number) => getData<Material>('/materials/detail', { id }),
  create: (body: MaterialInput) => postData<Material>('/materials', body),
  update: (id: number, body: MaterialInput) => putData<Material>('/materials', body, { id }),
  remove: (id: number) => deleteData<{ message: string }>('/materials', { id }),
  /** Copies a material with its exercise into other classes of its grade (all or none); answers with the copies. */
  copy: (materialId: number, classIds: number[]) =>
    postData<{ materials: Material[] }>('/materials/copy', { material_id: materialId, class_ids: classIds }),
};

export type DiscussionInput = { topic: string; description: string };

export const discussionsApi = {
  list: (page = 1, pageSize?: number) => getData<Page<'discussions', Discussion>>('/discussions', { page, pageSize }),
  create: (body: DiscussionInput) => postData<Discussion>('/discussions', { ...body, replies: null }),
  update: (id: number, body: DiscussionInput) => putData<Discussion>('/discussions', body, { id }),
  remove: (id: number) => deleteData<{ message: string }>('/discussions', { id }),
  reply: (id: number, text: string) => putData<Discussion>('/discussions/reply', { replies: text }, { id }),
  /** Removes one reply (its author, an admin); answers with the discussion. */
  removeReply: (id: number, replyId: string) => deleteData<Discussion>('/discussions/reply', { id, reply_id: replyId }),
};

export const materialDiscussionsApi = {
  list: (materialId: number, page = 1, pageSize?: number) =>
    getData<Page<'discussions', Discussion>>('/discussions-material', { id: materialId, page, pageSize }),
  create: (materialId: number, body: DiscussionInput) =>
    postData<Discussion>('/discussions-material', { ...body, replies: null, material_id: materialId }),
  update: (id: number, materialId: number, body: DiscussionInput) =>
    putData<Discussion>('/discussions-material', { ...body, material_id: materialId }, { id }),
  remove: (id: number) => deleteData<{ message: string }>('/discussions-material', { id }),
  reply: (id: number, text: string) => putData<Discussion>('/discussions-material/reply', { replies: text }, { id }),
  /** Removes one reply (its author, the class's teacher, an admin); answers with the discussion. */
  removeReply: (id: number, replyId: string) =>
    deleteData<Discussion>('/discussions-material/reply', { id, reply_id: replyId }),
  /** Per material of a class (its teacher, admins): how many topics no teacher has answered yet. */
  unanswered: (classId: number) => getData<UnansweredTopics>('/discussions-material/unanswered', { class_id: classId }),
};

export type ExerciseInput = Pick<
  Exercise,
  'title' | 'material_id' | 'content' | 'shuffle_questions' | 'shuffle_options'
> & { total_marks?: number; teacher_id?: number };
export type ExamInput = Pick<
  Exam,
  | 'title'
  | 'class_id'
  | 'content'
  | 'start_time'
  | 'end_time'
  | 'shuffle_questions'
  | 'shuffle_options'
  | 'kind'
  | 'kind_label'
  | 'show_answers'
> & {
  total_marks?: number;
  teacher_id?: number;
};

/** Answer sheets of one kind of work (exercise or exam). */
function answersApi(base: '/exercises-answers' | '/exams-answers', key: 'exercise_id' | 'exam_id') {
  return {
    get: (itemId: number, studentId: number) => getData<AnswerSheet[]>(base, { [key]: itemId, student_id: studentId }),
    /** Idempotent on the server: returns the existing sheet when there is one. */
    create: (itemId: number, studentId: number) =>
      postData<AnswerSheet>(base, { [key]: itemId, student_id: studentId, answers: {} }),
    /**
     * Saves the whole map. `seq` (docs/api.md §2.9) numbers the map: the server applies it only when newer than the
     * stored `answers_seq`, and answers a stale one with the stored (newer) sheet.
     */
    save: (sheetId: number, itemId: number, studentId: number, answers: Answers, seq?: number) =>
      patchData<AnswerSheet>(
        base,
        { [key]: itemId, student_id: studentId, answers, ...(seq !== undefined ? { seq } : {}) },
        { id: sheetId },
      ),
    /**
     * Saves the questions changed on this device, each with the time it was changed: the server keeps per question
     * the latest change (from any tab or device) and answers with the whole merged sheet.
     */
    saveChanges: (sheetId: number, changes: AnswerChanges) =>
      patchData<AnswerSheet>(base, { changes }, { id: sheetId }, key === 'exam_id' ? deviceHeaders() : undefined),
    remove: (sheetId: number) => deleteData<{ message: string }>(base, { id: sheetId }),
  };
}

export const exercisesApi = {
  /** Teachers get the full content; students get it without answer keys. */
  byMaterial: (materialId: number) => getData<Exercise[]>('/exercises', { material_id: materialId, number: 0 }),
  question: (materialId: number, number: number) =>
    getData<Exercise[]>('/exercises/student', { material_id: materialId, number }),
  create: (body: ExerciseInput) => postData<Exercise>('/exercises', { total_marks: 100, ...body }),
  update: (id: number, body: ExerciseInput) => putData<Exercise>('/exercises', { total_marks: 100, ...body }, { id }),
  remove: (id: number) => deleteData<{ message: string }>('/exercises', { id }),
  allGrades: (studentId: number) => getData<Grade[]>('/exercises/get-all-grade', { student_id: studentId }),
  grade: (exerciseId: number, studentId: number) =>
    getData<Grade[]>('/exercises/get-grade', { exercise_id: exerciseId, student_id: studentId }),
  calculateGrade: (exerciseId: number, studentId: number) =>
    postData<Grade>('/exercises/calculate-grade', { exercise_id: exerciseId, student_id: studentId }),
  submissions: (exerciseId: number) => getData<Submission[]>('/exercises/submissions', { exercise_id: exerciseId }),
  submission: (exerciseId: number, studentId: number) =>
    getData<SubmissionDetail>('/exercises/submission', { exercise_id: exerciseId, student_id: studentId }),
  setEssayScore: (exerciseId: number, studentId: number, number: number, score: number, comment?: string) =>
    patchData<Grade>('/exercises/essay-score', {
      exercise_id: exerciseId,
      student_id: studentId,
      number,
      score,
      comment,
    }),
  /** How many submitted sheets saving an edit re-grades (teachers). */
  gradedCount: (exerciseId: number) =>
    getData<{ count: number }>('/exercises/graded-count', { exercise_id: exerciseId }),
  answers: answersApi('/exercises-answers', 'exercise_id'),
};

export const examsApi = {
  byClass: (classId: number) => getData<Exam[]>('/exams', { class_id: classId, number: 0 }),
  question: (classId: number, number: number) => getData<Exam[]>('/exams/student', { class_id: classId, number }),
  create: (body: ExamInput) => postData<Exam>('/exams', { total_marks: 100, ...body }),
  update: (id: number, body: ExamInput) => putData<Exam>('/exams', { total_marks: 100, ...body }, { id }),
  remove: (id: number) => deleteData<{ message: string }>('/exams', { id }),
  allGrades: (studentId: number) => getData<Grade[]>('/exams/get-all-grade', { student_id: studentId }),
  grade: (examId: number, studentId: number) =>
    getData<Grade[]>('/exams/get-grade', { exam_id: examId, student_id: studentId }),
  calculateGrade: (examId: number, studentId: number) =>
    postData<Grade>('/exams/calculate-grade', { exam_id: examId, student_id: studentId }),
  submissions: (examId: number) => getData<Submission[]>('/exams/submissions', { exam_id: examId }),
  submission: (examId: number, studentId: number) =>
    getData<SubmissionDetail>('/exams/submission', { exam_id: examId, student_id: studentId }),
  setEssayScore: (examId: number, studentId: number, number: number, score: number, comment?: string) =>
    patchData<Grade>('/exams/essay-score', { exam_id: examId, student_id: studentId, number, score, comment }),
  gradedCount: (examId: number) => getData<{ count: number }>('/exams/graded-count', { exam_id: examId }),
  answers: answersApi('/exams-answers', 'exam_id'),
  /** Every exam of a class's term (the current one first, then the closed ones), without content. */
  ofClass: (classId: number) => getData<ExamSummary[]>('/exams/of-class', { class_id: classId }),
  /** One exam by id, also a closed one (the class-keyed reads serve only the current exam). */
  byId: (id: number) => getData<Exam>('/exams/by-id', { id }),
  close: (id: number) => postData<Exam>('/exams/close', undefined, { id }),
  reopen: (id: number) => postData<Exam>('/exams/reopen', undefined, { id }),
  /**
   * The exam page is open on this device (sent on opening and after a while without a save); answers the student's own
   * end (extra minutes included); 409 when another device holds the sheet.
   */
  heartbeat: (sheetId: number) =>
    postData<{ end_time: string; extra_minutes: number }>(
      '/exams-answers/heartbeat',
      undefined,
      { id: sheetId },
      deviceHeaders(),
    ),
};

export const reportsApi = {
  create: (body: { kind: 'general' | 'material'; discussion_id: number; reply_id?: string; reason?: string }) =>
    postData<Report>('/reports', body),
  /** The newest page only, as a bare array (the list's original form). */
  list: () => getData<Report[]>('/reports'),
  /** One page, newest first: the server caps pageSize (50), so a page stays small whatever the reports hold. */
  page: (page: number, pageSize?: number) => getData<Page<'reports', Report>>('/reports', { page, pageSize }),
  remove: (id: number) => deleteData<{ message: string }>('/reports', { id }),
  /** Removes every report on that post or reply; the message stays. */
  dismiss: (id: number) => postData<{ message: string }>('/reports/dismiss', undefined, { id }),
};

export const statsApi = {
  admin: () => getData<AdminStats>('/stats/admin'),
  teacher: () => getData<TeacherStats>('/stats/teacher'),
  student: () => getData<StudentStats>('/stats/student'),
};

export const todoApi = {
  student: () => getData<StudentTodo>('/students/todo'),
};
