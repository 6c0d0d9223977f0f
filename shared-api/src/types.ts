// Entity and envelope types of the Kelasku API (see docs/contracts.md and the api contract).
//
// Derived from the TypeBox schemas the server answers with (shared-rules/src/wire): a field changed on either side
// fails `npm run typecheck`, not the user. Imported with `import type` only, so no bundle carries TypeBox or the
// schemas (scripts/wire-imports.test.ts checks it).

import type { Static } from 'typebox';
import type {
  analysis,
  assessments,
  classes,
  common,
  discussions,
  gradebook,
  materials,
  people,
  reports,
  review,
  stats,
} from '@kelasku/shared-rules/src/wire';

/**
 * T with the fields K optional. The server always sends them; the types keep them optional as they were written by
 * hand before (older servers sent some of them, and the apps' tests build objects without them). A field renamed or
 * removed on the server still fails the build (K must be a key of T).
 */
type WithOptional<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

export type Meta = Static<typeof common.pageMetaSchema>;

/** A student; `initial_password` only in the reply that created the login (or reset its password). */
export type Student = WithOptional<Static<typeof people.createdStudentSchema>, OptionalOfStudent | 'initial_password'>;
type OptionalOfStudent = 'phone_number' | 'curr_score' | 'profile_picture_url' | 'user_id';

/** A teacher; `initial_password` only in the reply that created the login (or reset its password). */
export type Teacher = WithOptional<
  Static<typeof people.createdTeacherSchema>,
  'phone_number' | 'profile_picture_url' | 'user_id' | 'initial_password'
>;

/** A class as lists show it; `class_id` (= id) only in a student's list (GET /classes/assigned). */
export type ClassItem = Static<typeof classes.classSchema> & Partial<Static<typeof classes.assignedClassSchema>>;

/** GET /classes/delete-impact: what deleting a class takes with it. */
export type ClassImpact = Static<typeof classes.classImpactSchema>;

/** GET /classes/details: the class with one page of its students (no student_count). */
export type ClassDetail = Static<typeof classes.classDetailSchema>;

export type Material = Static<typeof materials.materialSchema>;

/** A reply; `role` absent from older servers (a student). */
export type Reply = WithOptional<Static<typeof discussions.replySchema>, 'role'>;

/** A discussion; older servers sent `replies: null` for none. */
/** Per material of a class, the discussion topics no teacher has answered yet (GET /discussions-material/unanswered). */
export type UnansweredTopics = Static<typeof discussions.unansweredSchema>;
/** Per class the teacher teaches, the same count (GET /discussions-material/unanswered/mine). */
export type UnansweredOfTeacher = Static<typeof discussions.unansweredOfTeacherSchema>;

export type Discussion = WithOptional<
  Omit<Static<typeof discussions.discussionSchema>, 'replies'>,
  'student_name' | 'created_at'
> & {
  replies: Reply[] | null;
};

/** Question content keyed by number: '1', '1_essay', '1_a'..'1_d', '1_answer', '1_pict', '1_essay_answer'. */
export type ContentMap = Static<typeof common.contentMapSchema>;

/**
 * A student's read of an item also carries their own order seed (shared-rules sheetOrder); absent for other callers
 * and from older servers.
 */
interface StudentOrder {
  order_seed?: Static<typeof assessments.orderSeedSchema>;
}

/** An exercise; absent shuffle flags: off. */
export type Exercise = WithOptional<
  Static<typeof assessments.exerciseSchema>,
  'shuffle_questions' | 'shuffle_options'
> &
  StudentOrder;

export type ExamStatus = Static<typeof common.examStatusSchema>;

/** An exam; absent term fields (older servers): a current daily test whose answers stay hidden. */
export type Exam = WithOptional<
  Static<typeof assessments.examSchema>,
  'shuffle_questions' | 'shuffle_options' | 'server_time' | 'kind' | 'kind_label' | 'closed_at' | 'show_answers'
> &
  StudentOrder;

/** A class's gradebook (GET /classes/gradebook). */
export type Gradebook = Static<typeof gradebook.gradebookSchema>;
export type GradebookAssessment = Static<typeof gradebook.gradebookAssessmentSchema>;

/** An exam of a class's term without its content (GET /exams/of-class). */
export type ExamSummary = Static<typeof assessments.examSummarySchema>;

/** Answers keyed by question number (the body of an answer save: server/src/routes/answer-sheets/sheet-routes.ts). */
export type Answers = Record<string, string>;

/** One question's new answer and when it was given on this device (ms since the epoch); '' clears the answer. */
export interface AnswerChange {
  answer: string;
  at: number;
}
export type AnswerChanges = Record<string, AnswerChange>;

/** A sheet: `exercise_id` or `exam_id` by the kind of its item. */
export type AnswerSheet = WithOptional<Static<typeof assessments.answerSheetSchema>, 'score' | 'answers_seq'>;

export type QuestionDetail = Static<typeof assessments.questionDetailSchema>;

/** A grade: `exercise_id` or `exam_id` by the kind of its item. */
export type Grade = Static<typeof assessments.gradeSchema>;

export type Submission = WithOptional<
  Static<typeof assessments.submissionSchema>,
  'pending_essays' | 'auto_scored_essays' | 'needs_review' | 'auto_submitted' | 'order_seed'
>;

export type SubmissionDetail = Static<typeof assessments.submissionDetailSchema>;

/** A report as the admin's list shows it (GET /reports). */
export type Report = Static<typeof reports.reportListItemSchema>;

export type AdminStats = Static<typeof stats.adminStatsSchema>;

export type TeacherStats = Static<typeof stats.teacherStatsSchema>;

export type StudentStats = Static<typeof stats.studentStatsSchema>;

/** GET /students/todo: what the signed-in student has to do now (exam times in WIB, `created_at` in UTC). */
export type StudentTodo = Static<typeof stats.studentTodoSchema>;

export type ImportError = Static<typeof people.importErrorSchema>;

/** An accepted import: the students created, each with their initial password. */
export type ImportResult = Omit<Static<typeof people.importResultSchema>, 'students'> & {
  students: WithOptional<Static<typeof people.createdStudentSchema>, OptionalOfStudent>[];
};

export type User = Static<typeof people.userSchema>;

/** Marks from (inclusive) to (exclusive; the last bin includes its end) and how many fall in between. */
export type ScoreBin = Static<typeof analysis.scoreBinSchema>;

/** One question of an item analysis: the multiple-choice fields are null for essays and the reverse. */
export type QuestionAnalysis = Static<typeof analysis.questionAnalysisSchema>;

/** The figures of an item analysis, as the server computes them (server/src/domain/item-analysis.ts). */
export type ItemAnalysisFigures = Static<typeof analysis.itemAnalysisFiguresSchema>;

/** GET /exercises/analysis and /exams/analysis: which work, and its figures. */
export type ItemAnalysis = Static<typeof analysis.itemAnalysisSchema>;

/** One exercise or the exam of a class with sheets to review (GET /classes/to-review, docs/api.md §2.14). */
export type ReviewItem = Static<typeof review.reviewItemSchema>;

export type ClassReviewList = Static<typeof review.classReviewListSchema>;
