// Typed answers for Mock Service Worker: each route a screen calls, with the reply the shared-api client declares for it
// (its types come from the server's wire schemas), so a fixture that no longer matches the wire fails the typecheck,
// and, where a test reads it, the JSON body the client sends. Add a route here when a test needs one; `answer`
// (msw-server.ts) stays for replies that are not JSON of the API.
import type {
  authApi,
  ClassInput,
  ClassReviewList,
  classesApi,
  DiscussionInput,
  discussionsApi,
  examsApi,
  exercisesApi,
  ItemAnalysis,
  materialDiscussionsApi,
  MaterialInput,
  materialsApi,
  ExamInput,
  ExerciseInput,
  reportsApi,
  statsApi,
  StudentInput,
  studentsApi,
  TeacherInput,
  teachersApi,
  todoApi,
  UnansweredOfTeacher,
  usersApi,
} from '@kelasku/shared-api';
import { answer, type Verb } from './msw-server';

/** What a client function's promise holds. */
type Wire<F> = F extends (...args: never[]) => Promise<infer T> ? T : never;

/** A request body the client sends, with `{ replies }` as the reply routes carry it. */
type Replied = { replies: string };
/** The body of the class roster calls (assign, unassign, roster changes). */
type RosterBody = Parameters<typeof classesApi.changeRoster>[1];
/** The body of an answer sheet's PATCH as the student's screens send it: the changed answers. */
type SheetChanges = { changes: Parameters<typeof exercisesApi.answers.saveChanges>[1] };

/**
 * Per `verb path`: `reply`, the JSON body of a 200 reply; `body`, the JSON body the client sends (only the routes
 * whose body a test reads list it).
 */
export interface ApiRoutes {
  'post /auth/change-password': {
    reply: Wire<typeof authApi.changePassword>;
    body: { old_password: string; new_password: string };
  };
  'put /users/language': {
    reply: Wire<typeof usersApi.saveLanguage>;
    body: { language: Parameters<typeof usersApi.saveLanguage>[0] };
  };
  'get /students': { reply: Wire<typeof studentsApi.list> };
  'post /students': { reply: Wire<typeof studentsApi.create>; body: StudentInput };
  'patch /students': { reply: Wire<typeof studentsApi.update>; body: StudentInput };
  'delete /students': { reply: Wire<typeof studentsApi.remove> };
  'post /students/reset-password': { reply: Wire<typeof studentsApi.resetPassword> };
  'post /students/import': {
    reply: Wire<typeof studentsApi.importRows>;
    body: { rows: StudentInput[]; dry_run: boolean; join_classes?: boolean };
  };
  'post /students/deactivate': { reply: Wire<typeof studentsApi.setActive> };
  'post /students/reactivate': { reply: Wire<typeof studentsApi.setActive> };
  'get /students/todo': { reply: Wire<typeof todoApi.student> };
  'get /teachers': { reply: Wire<typeof teachersApi.list> };
  'post /teachers': { reply: Wire<typeof teachersApi.create>; body: TeacherInput };
  'patch /teachers': { reply: Wire<typeof teachersApi.update>; body: TeacherInput };
  'delete /teachers': { reply: Wire<typeof teachersApi.remove> };
  'post /teachers/deactivate': { reply: Wire<typeof teachersApi.setActive> };
  'get /classes': { reply: Wire<typeof classesApi.list> };
  'post /classes': { reply: Wire<typeof classesApi.create>; body: ClassInput };
  'patch /classes': { reply: Wire<typeof classesApi.update>; body: ClassInput };
  'delete /classes': { reply: Wire<typeof classesApi.remove> };
  'get /classes/delete-impact': { reply: Wire<typeof classesApi.deleteImpact> };
  'post /classes/archive': { reply: Wire<typeof classesApi.archive> };
  'post /classes/restore': { reply: Wire<typeof classesApi.restore> };
  'get /classes/details': { reply: Wire<typeof classesApi.details> };
  'post /classes/assign-students': { reply: Wire<typeof classesApi.assign>; body: RosterBody };
  'delete /classes/unassign-students': { reply: Wire<typeof classesApi.unassign>; body: RosterBody };
  'post /classes/roster/assign': { reply: Wire<typeof classesApi.changeRoster>; body: RosterBody };
  'post /classes/roster/move': { reply: Wire<typeof classesApi.changeRoster>; body: RosterBody };
  'post /classes/roster/unassign': { reply: Wire<typeof classesApi.changeRoster>; body: RosterBody };
  'get /classes/assigned': { reply: Wire<typeof classesApi.assigned> };
  'get /classes/mine': { reply: Wire<typeof classesApi.mine> };
  'get /classes/class-id': { reply: Wire<typeof classesApi.classId> };
  'get /classes/students': { reply: Wire<typeof classesApi.students> };
  'get /classes/to-review': { reply: ClassReviewList };
  'get /materials/from-class': { reply: Wire<typeof materialsApi.fromClass> };
  'get /materials/detail': { reply: Wire<typeof materialsApi.detail> };
  'post /materials': { reply: Wire<typeof materialsApi.create>; body: MaterialInput };
  'put /materials': { reply: Wire<typeof materialsApi.update>; body: MaterialInput };
  'delete /materials': { reply: Wire<typeof materialsApi.remove> };
  'post /materials/copy': { reply: Wire<typeof materialsApi.copy> };
  'get /discussions': { reply: Wire<typeof discussionsApi.list> };
  'post /discussions': { reply: Wire<typeof discussionsApi.create>; body: DiscussionInput & { replies: null } };
  'put /discussions': { reply: Wire<typeof discussionsApi.update>; body: DiscussionInput };
  'delete /discussions': { reply: Wire<typeof discussionsApi.remove> };
  'put /discussions/reply': { reply: Wire<typeof discussionsApi.reply>; body: Replied };
  'delete /discussions/reply': { reply: Wire<typeof discussionsApi.removeReply> };
  'get /discussions-material': { reply: Wire<typeof materialDiscussionsApi.list> };
  'delete /discussions-material': { reply: Wire<typeof materialDiscussionsApi.remove> };
  'put /discussions-material/reply': { reply: Wire<typeof materialDiscussionsApi.reply>; body: Replied };
  'delete /discussions-material/reply': { reply: Wire<typeof materialDiscussionsApi.removeReply> };
  'get /discussions-material/unanswered': { reply: Wire<typeof materialDiscussionsApi.unanswered> };
  'get /discussions-material/unanswered/mine': { reply: UnansweredOfTeacher };
  'get /exercises': { reply: Wire<typeof exercisesApi.byMaterial> };
  'post /exercises': { reply: Wire<typeof exercisesApi.create>; body: ExerciseInput };
  'put /exercises': { reply: Wire<typeof exercisesApi.update>; body: ExerciseInput };
  'delete /exercises': { reply: Wire<typeof exercisesApi.remove> };
  'get /exercises/graded-count': { reply: Wire<typeof exercisesApi.gradedCount> };
  'get /exercises/submissions': { reply: Wire<typeof exercisesApi.submissions> };
  'get /exercises/submission': { reply: Wire<typeof exercisesApi.submission> };
  'patch /exercises/essay-score': { reply: Wire<typeof exercisesApi.setEssayScore> };
  'get /exercises/get-all-grade': { reply: Wire<typeof exercisesApi.allGrades> };
  'get /exercises/get-grade': { reply: Wire<typeof exercisesApi.grade> };
  'post /exercises/calculate-grade': { reply: Wire<typeof exercisesApi.calculateGrade> };
  'get /exercises/analysis': { reply: ItemAnalysis };
  'get /exercises-answers': { reply: Wire<typeof exercisesApi.answers.get> };
  'post /exercises-answers': { reply: Wire<typeof exercisesApi.answers.create> };
  'patch /exercises-answers': { reply: Wire<typeof exercisesApi.answers.saveChanges>; body: SheetChanges };
  'get /exams': { reply: Wire<typeof examsApi.byClass> };
  'get /exams/by-id': { reply: Wire<typeof examsApi.byId> };
  'get /exams/of-class': { reply: Wire<typeof examsApi.ofClass> };
  'post /exams': { reply: Wire<typeof examsApi.create>; body: ExamInput };
  'put /exams': { reply: Wire<typeof examsApi.update>; body: ExamInput };
  'delete /exams': { reply: Wire<typeof examsApi.remove> };
  'get /exams/graded-count': { reply: Wire<typeof examsApi.gradedCount> };
  'get /exams/submissions': { reply: Wire<typeof examsApi.submissions> };
  'get /exams/submission': { reply: Wire<typeof examsApi.submission> };
  'patch /exams/essay-score': { reply: Wire<typeof examsApi.setEssayScore> };
  'get /exams/get-grade': { reply: Wire<typeof examsApi.grade> };
  'post /exams/calculate-grade': { reply: Wire<typeof examsApi.calculateGrade> };
  'get /exams/analysis': { reply: ItemAnalysis };
  'get /exams-answers': { reply: Wire<typeof examsApi.answers.get> };
  'post /exams-answers': { reply: Wire<typeof examsApi.answers.create> };
  'patch /exams-answers': { reply: Wire<typeof examsApi.answers.saveChanges>; body: SheetChanges };
  'post /exams-answers/heartbeat': { reply: Wire<typeof examsApi.heartbeat> };
  'get /stats/admin': { reply: Wire<typeof statsApi.admin> };
  'get /stats/teacher': { reply: Wire<typeof statsApi.teacher> };
  'get /stats/student': { reply: Wire<typeof statsApi.student> };
  'get /reports': { reply: Wire<typeof reportsApi.page> };
  'post /reports': { reply: Wire<typeof reportsApi.create>; body: Parameters<typeof reportsApi.create>[0] };
  'delete /reports': { reply: Wire<typeof reportsApi.remove> };
  'post /reports/dismiss': { reply: Wire<typeof reportsApi.dismiss> };
}

export type Route = keyof ApiRoutes;

/** The JSON body of a 200 reply to `route`. */
export type WireReply<R extends Route> = ApiRoutes[R]['reply'];

/** What a request to `route` carried: its query string (as the server reads it: strings) and its JSON body, if any. */
export type SentTo<R extends Route> = {
  query: Record<string, string>;
  body: ApiRoutes[R] extends { body: infer B } ? B : undefined;
};

/** An answer: the route's JSON, or a Response as it is (`refusal(...)`, `unreachable()`). */
export type Answer<R extends Route> = WireReply<R> | Response;

/** A reply: the answer, now or later (`held`). */
export type ReplyOf<R extends Route> = Answer<R> | Promise<Answer<R>>;

/** The jest.fn that replies to a route (what `reply` returns). */
export type Replier<R extends Route> = jest.Mock<ReplyOf<R>, [SentTo<R>]>;

/**
 * Answers every request of `route` (`'get /exercises'`) with what `replyTo` returns for what it carried, as `answer`
 * does; the reply is checked against the route's wire type. Returns the jest.fn that replies, to check what was sent.
 * A later reply to the same route takes over.
 */
export function reply<R extends Route>(route: R, replyTo: (sent: SentTo<R>) => ReplyOf<R>): Replier<R> {
  const [verb, path] = route.split(' ') as [Verb, string];
  return answer(verb, path, replyTo as (sent: unknown) => unknown) as Replier<R>;
}
