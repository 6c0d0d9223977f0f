// The network of a component test: requests leave through the real client of shared-api (ky, fetch) and are answered by
// Mock Service Worker handlers, so a screen meets the server's real shapes, statuses and error bodies (errorMessage,
// fieldError…) instead of a mocked module. A Jest project adopts it with `withMockServer` (jest.config.ts): the
// environment, the resolver and jest/setup-msw.ts; a test adds its replies with `answer(...)` or `server.use(...)`.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { apiBase } from '../shared-api/src/api-base';

/** One server per test file; jest/setup-msw.ts starts it, resets its handlers after each test and closes it. */
export const server = setupServer();

/** The URL of an API path as the app's client sends it (`api('/students')` → `http://localhost/api/v1/students`). */
export const api = (path: string): string => new URL(`${apiBase}${path}`, window.location.href).href;

export type Verb = 'get' | 'post' | 'patch' | 'put' | 'delete';

/** What a request carried: its query string (as the server reads it: strings) and its JSON body, if any. */
export type Sent = { query: Record<string, string>; body: unknown };

/**
 * Answers every `verb path` request with what `reply` returns for what it carried: a plain value is sent as JSON with
 * 200, a Response (`refusal(400, {...})`) as it is. Returns the jest.fn that replies, to check what the screen sent
 * (`expect(create).toHaveBeenCalledWith({ query: {}, body: {...} })`) or to change the reply (`mockReturnValueOnce`).
 * A later answer to the same verb and path takes over.
 */
export function answer(
  verb: Verb,
  path: string,
  reply: (sent: Sent) => unknown = () => ({}),
): jest.Mock<unknown, [Sent]> {
  const replier = jest.fn(reply);
  server.use(
    http[verb](api(path), async ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      const text = await request.text();
      const result = await replier({ query, body: text ? (JSON.parse(text) as unknown) : undefined });
      return result instanceof Response ? result : HttpResponse.json(result as never);
    }),
  );
  return replier;
}

/** A refusal as the server words it: `{ message, code?, field?, … }` with that status. */
export const refusal = (status: number, body: Record<string, unknown>) => HttpResponse.json(body, { status });

/** No answer at all (offline, server unreachable): the client's call fails with a network error. */
export const unreachable = () => HttpResponse.error();

/** A reply held until `release()` is called, to look at a screen while its request is on the way. */
export function held<T>(value: T): { reply: () => Promise<T>; release: () => void } {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { reply: () => gate.then(() => value), release: () => release() };
}

const printError = console.error;
/**
 * The client logs every failed request (`GET /exams failed: …`, shared-api http.ts); a test that fails requests on
 * purpose keeps those lines out of its output. Every other error still prints.
 */
export function quietFailedRequests(): void {
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (typeof args[0] === 'string' && / failed:$/.test(args[0])) return;
    printError(...args);
  });
}
