// Entity and envelope types of the Kelasku API (see docs/contracts.md and the api contract).

import type { OptionLetter } from './content-map';

export interface Meta {
  page: number;
  pageSize: number;
  total: number;
  totalPage: number;
  totalpages: number;
}

export interface Student {
  id: number;
  name: string;
  nis: string;
  grade: number;
  status: string;
  phone_number?: string | null;
  curr_score?: number | null;
  profile_picture_url?: string | null;
  user_id?: string;
  initial_password?: string;
  /** false while the login is deactivated (admin lists) */
  active?: boolean;
}

export interface Teacher {
  id: number;
  name: string;
  nip: string;
  specialization: string;
  status: string;
  phone_number?: string | null;
  profile_picture_url?: string | null;
  user_id?: string;
  initial_password?: string;
  /** false while the login is deactivated (admin lists) */
  active?: boolean;
}

export interface ClassItem {
  id: number;
  class_id?: number;
  name: string;
  description: string;
  teacher_id: number;
  teacher_name: string;
  grade: number;
  student_count?: number;
}

export interface ClassDetail extends ClassItem {
  students: Student[];
}

export interface Material {
  id: number;
  class_id: number;
  title: string;
  description: string;
  content: string;
  teacher_id: number;
  exercise_id?: number | null;
}

export interface Reply {
  id: string;
  /** null for a teacher's reply */
  student_id: number | null;
  /** set on a teacher's reply (material discussions: the class's teacher answers there) */
  teacher_id?: number;
  /** who wrote it; older servers send none (a student) */
  role?: 'student' | 'teacher';
  name: string;
  reply: string;
  time: string;
}

export interface Discussion {
  id: number;
  student_id: number;
  student_name?: string;
  material_id?: number;
  topic: string;
  description: string;
  replies: Reply[] | null;
}

/** Question content keyed by number: '1', '1_essay', '1_a'..'1_d', '1_answer', '1_pict', '1_essay_answer'. */
export type ContentMap = Record<string, string>;

export interface Exercise {
  id: number;
  material_id: number;
  title: string;
  content: ContentMap;
  total_marks: number;
  teacher_id: number;
  /** Each student sees the questions / the options in an order of their own (shared-rules sheetOrder); absent: off. */
  shuffle_questions?: boolean;
  shuffle_options?: boolean;
}

export type ExamStatus = 'Scheduled' | 'Active' | 'Completed';

export interface Exam {
  id: number;
  class_id: number;
  title: string;
  content: ContentMap;
  total_marks: number;
  teacher_id: number;
  start_time: string;
  end_time: string;
  status: ExamStatus;
  server_time?: string;
  shuffle_questions?: boolean;
  shuffle_options?: boolean;
}

export type Answers = Record<string, string>;

/** One question's new answer and when it was given on this device (ms since the epoch); '' clears the answer. */
export interface AnswerChange {
  answer: string;
  at: number;
}
export type AnswerChanges = Record<string, AnswerChange>;

export interface AnswerSheet {
  id: number;
  exercise_id?: number;
  exam_id?: number;
  student_id: number;
  answers: Answers | null;
  status: 'Active' | 'Inactive' | string;
  score?: number | null;
  /** number of the stored map (the `seq` of the save that wrote it); null when saved without one */
  answers_seq?: number | null;
}

export type QuestionDetail =
  | { kind: 'mc'; correct: boolean }
  | {
      kind: 'essay'; score: number | null; max: number; pending: boolean; source: 'local' | 'openai' | 'teacher';
      /** The teacher's comment for the student, when one was written. */
      comment?: string;
    };

export interface Grade {
  id: number;
  student_id: number;
  exercise_id?: number;
  exam_id?: number;
  score: number;
  detail: Record<string, QuestionDetail | boolean | string> | null;
}

export interface Submission {
  student_id: number;
  name: string;
  nis: string;
  sheet_id: number | null;
  status: 'Not started' | 'In progress' | 'Submitted';
  score: number | null;
  /** Essays waiting for a score. */
  pending_essays?: number;
  /** Answered essays scored automatically and not yet confirmed by the teacher. */
  auto_scored_essays?: number;
  needs_review?: boolean;
  /** An exam sheet submitted automatically when the exam ended. */
  auto_submitted?: boolean;
}

export interface SubmissionDetail {
  student: { id: number; name: string; nis: string };
  content: ContentMap;
  answers: Answers | null;
  score: number | null;
  detail: Record<string, QuestionDetail> | null;
}

export interface Report {
  id: number;
  kind: 'general' | 'material';
  discussion_id: number;
  reply_id: string | null;
  reporter_id: number;
  reporter_name: string;
  author_name: string;
  topic: string;
  message: string;
  /** the reporting student's reason, null when none was given */
  reason: string | null;
  /** where it was posted: the class and material of a material discussion; null for the group discussion */
  class_id: number | null;
  class_name: string | null;
  material_id: number | null;
  material_title: string | null;
  created_at: string;
}

export interface AdminStats {
  classes: {
    class_id: number;
    name: string;
    grade: number;
    students: number;
    tasks_completed: number;
    tasks_uncompleted: number;
    exam_done: number;
    exam_not_done: number;
  }[];
}

export interface TeacherStats {
  performance: { grade: number; average: number | null }[];
  submissions: { month: string; count: number }[];
  upcoming_exams: { id: number; class_id: number; class_name: string; title: string; start_time: string; end_time: string; status: ExamStatus }[];
  active_today: number;
}

export interface StudentStats {
  materials: { done: number; total: number };
  tasks: { completed: number; total: number };
  exams: { completed: number; total: number };
}

/** GET /students/todo: what the signed-in student has to do now (exam times in WIB, `created_at` in UTC). */
export interface StudentTodo {
  exams: { id: number; class_id: number; class_name: string; title: string; start_time: string; end_time: string; status: ExamStatus }[];
  exercises: { id: number; title: string; material_id: number; material_title: string; class_id: number; class_name: string; started: boolean }[];
  materials: { id: number; title: string; class_id: number; class_name: string; created_at: string }[];
}

export interface ImportError {
  row: number;
  field: string;
  message: string;
}

export interface ImportResult {
  created: number;
  errors: ImportError[];
  students: Student[];
}

export interface User {
  id: number;
  username: string;
  email: string;
  role: string;
  display_name: string;
}

/** Marks from (inclusive) to (exclusive; the last bin includes its end) and how many fall in between. */
export interface ScoreBin {
  from: number;
  to: number;
  count: number;
}

/** One question of an item analysis: the multiple-choice fields are null for essays and the reverse. */
export interface QuestionAnalysis {
  n: number;
  kind: 'mc' | 'essay';
  text: string;
  /** Submitted sheets with a non-blank answer to this question. */
  answered: number;
  // multiple choice (null for essays)
  key: OptionLetter | null;
  correct: number | null;
  /** correct / submitted, 0..1 rounded to 4 decimals; null when nothing was submitted. */
  correct_share: number | null;
  /** How many chose each option; `none` = blank, `other` = text that is no option. */
  options: Record<OptionLetter | 'none' | 'other', number> | null;
  // essays (null for multiple choice)
  max: number | null;
  /** Essays with a score (blank ones scored 0 included); pending ones are not. */
  scored: number | null;
  pending: number | null;
  /** Average of the scored ones. */
  average: number | null;
  score_bins: ScoreBin[] | null;
}

/** The figures of an item analysis, as the server computes them (server/src/domain/item-analysis.ts). */
export interface ItemAnalysisFigures {
  total_marks: number;
  students: number;
  submitted: number;
  in_progress: number;
  not_started: number;
  /** Exams: submitted after the end time by the auto-submit job; exercises: null. */
  auto_submitted: number | null;
  /** Submitted sheets with at least one pending essay. */
  with_pending: number;
  average: number | null;
  score_bins: ScoreBin[];
  questions: QuestionAnalysis[];
}

/** GET /exercises/analysis and /exams/analysis: which work, and its figures. */
export interface ItemAnalysis extends ItemAnalysisFigures {
  kind: 'exercise' | 'exam';
  id: number;
  title: string;
}

/** One exercise or the exam of a class with sheets to review (GET /classes/to-review, docs/api.md §2.14). */
export interface ReviewItem {
  kind: 'exercise' | 'exam';
  id: number;
  title: string;
  /** exercises: the material it belongs to; exams: null */
  material_id: number | null;
  material_title: string | null;
  /** submitted sheets with pending or unconfirmed automatic essay scores */
  to_review: number;
  /** of them, sheets with an essay waiting for a score */
  pending_sheets: number;
  /** of them, sheets with an automatic score the teacher has not confirmed */
  auto_scored_sheets: number;
  /** the earliest submission among the sheets to review (UTC, RFC 3339) */
  oldest_submitted_at: string;
}

export interface ClassReviewList {
  class_id: number;
  class_name: string;
  /** pending first, then the one waiting longest */
  items: ReviewItem[];
}
