import { server } from './msw-server';

// A request no test answered fails the test (and names the request) rather than hanging or reaching a real server.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// Each test starts from no handlers: what one test answered never answers the next one.
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
