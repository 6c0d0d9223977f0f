// Typed answers for Mock Service Worker: each route a screen calls, with the reply the shared-api client declares for it
// (its types come from the server's wire schemas), so a fixture that no longer matches the wire fails the typecheck.
// Add a route here when a test needs one; `answer` (msw-server.ts) stays for replies that are not JSON of the API.
import type {
  ClassReviewList,
  classesApi,
  examsApi,
  exercisesApi,
  ItemAnalysis,
  materialDiscussionsApi,
  materialsApi,
  discussionsApi,
  statsApi,
  UnansweredOfTeacher,
} from '@kelasku/shared-api';
import { answer, type Sent, type Verb } from './msw-server';

/** What a client function's promise holds. */
type Wire<F> = F extends (...args: never[]) => Promise<infer T> ? T : never;

/** Per `verb path`, the JSON body of a 200 reply. */
export interface ApiReplies {
  'get /classes/mine': Wire<typeof classesApi.mine>;
  'get /classes/class-id': Wire<typeof classesApi.classId>;
  'get /classes/students': Wire<typeof classesApi.students>;
  'get /classes/to-review': ClassReviewList;
  'get /materials/from-class': Wire<typeof materialsApi.fromClass>;
  'get /materials/detail': Wire<typeof materialsApi.detail>;
  'post /materials': Wire<typeof materialsApi.create>;
  'put /materials': Wire<typeof materialsApi.update>;
  'delete /materials': Wire<typeof materialsApi.remove>;
  'post /materials/copy': Wire<typeof materialsApi.copy>;
  'get /discussions': Wire<typeof discussionsApi.list>;
  'put /discussions/reply': Wire<typeof discussionsApi.reply>;
  'delete /discussions/reply': Wire<typeof discussionsApi.removeReply>;
  'get /discussions-material': Wire<typeof materialDiscussionsApi.list>;
  'delete /discussions-material': Wire<typeof materialDiscussionsApi.remove>;
  'put /discussions-material/reply': Wire<typeof materialDiscussionsApi.reply>;
  'delete /discussions-material/reply': Wire<typeof materialDiscussionsApi.removeReply>;
  'get /discussions-material/unanswered': Wire<typeof materialDiscussionsApi.unanswered>;
  'get /discussions-material/unanswered/mine': UnansweredOfTeacher;
  'get /exercises': Wire<typeof exercisesApi.byMaterial>;
  'post /exercises': Wire<typeof exercisesApi.create>;
  'put /exercises': Wire<typeof exercisesApi.update>;
  'delete /exercises': Wire<typeof exercisesApi.remove>;
  'get /exercises/graded-count': Wire<typeof exercisesApi.gradedCount>;
  'get /exercises/submissions': Wire<typeof exercisesApi.submissions>;
  'get /exercises/submission': Wire<typeof exercisesApi.submission>;
  'patch /exercises/essay-score': Wire<typeof exercisesApi.setEssayScore>;
  'get /exercises/get-grade': Wire<typeof exercisesApi.grade>;
  'get /exercises/analysis': ItemAnalysis;
  'get /exams': Wire<typeof examsApi.byClass>;
  'get /exams/by-id': Wire<typeof examsApi.byId>;
  'get /exams/of-class': Wire<typeof examsApi.ofClass>;
  'post /exams': Wire<typeof examsApi.create>;
  'put /exams': Wire<typeof examsApi.update>;
  'delete /exams': Wire<typeof examsApi.remove>;
  'get /exams/graded-count': Wire<typeof examsApi.gradedCount>;
  'get /exams/submissions': Wire<typeof examsApi.submissions>;
  'get /exams/submission': Wire<typeof examsApi.submission>;
  'patch /exams/essay-score': Wire<typeof examsApi.setEssayScore>;
  'get /exams/analysis': ItemAnalysis;
  'get /stats/teacher': Wire<typeof statsApi.teacher>;
}

export type Route = keyof ApiReplies;

/** A reply: the route's JSON, or a Response as it is (`refusal(...)`, `unreachable()`), now or later (`held`). */
export type ReplyOf<R extends Route> = ApiReplies[R] | Response | Promise<ApiReplies[R] | Response>;

/** The jest.fn that replies to a route (what `reply` returns). */
export type Replier<R extends Route> = jest.Mock<ReplyOf<R>, [Sent]>;

/**
 * Answers every request of `route` (`'get /exercises'`) with what `reply` returns for what it carried, as `answer` does;
 * the reply is checked against the route's wire type. Returns the jest.fn that replies, to check what was sent.
 */
export function reply<R extends Route>(route: R, replyTo: (sent: Sent) => ReplyOf<R>): Replier<R> {
  const [verb, path] = route.split(' ') as [Verb, string];
  return answer(verb, path, replyTo) as Replier<R>;
}
