import { server } from './msw-server';

/** Requests no handler answered during the current test. */
const unanswered: string[] = [];

// A request no test answered fails that request (msw's 'error' strategy: it is named on the console and never reaches
// a real server) and the test itself, even when the screen shrugs the failure off or the console is silenced.
beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request, print) => {
      unanswered.push(`${request.method} ${request.url}`);
      print.error();
    },
  }),
);
// Each test starts from no handlers: what one test answered never answers the next one.
afterEach(() => {
  server.resetHandlers();
  const missed = unanswered.splice(0);
  if (missed.length) throw new Error(`No handler answered ${missed.join(', ')}`);
});
afterAll(() => server.close());
