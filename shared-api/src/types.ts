// Entity and envelope types of the Kelasku API (see docs/contracts.md and the api contract).

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
  student_id: number;
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
}

export type Answers = Record<string, string>;

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
  | { kind: 'essay'; score: number | null; max: number; pending: boolean; source: 'local' | 'openai' | 'teacher' };

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
  message: string;
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
