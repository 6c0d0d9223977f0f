import { server } from './msw-server';

// A request no test answered fails as a request (never reaching a real server) and fails the test: msw's 'error'
// strategy alone only logs it, and a screen that shows a failure state for it (or ignores it) would still pass. A
// request sent after its test ended (a page that saves as it unmounts) fails the next test, naming the one it came from.
const unanswered: string[] = [];
beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request, print) => {
      const named = `${request.method} ${request.url}`;
      unanswered.push(`${named} (sent during "${expect.getState().currentTestName ?? 'no test'}")`);
      print.error();
      throw new Error(`No handler answers ${named}`);
    },
  }),
);
const failOnUnanswered = () => {
  const missed = unanswered.splice(0);
  if (missed.length > 0) throw new Error(`Requests no handler answered:\n${missed.join('\n')}`);
};
// Each test starts from no handlers: what one test answered never answers the next one.
afterEach(() => {
  server.resetHandlers();
  failOnUnanswered();
});
afterAll(() => {
  server.close();
  failOnUnanswered();
});
