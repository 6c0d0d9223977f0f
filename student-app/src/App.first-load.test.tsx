/**
 * What App.tsx starts when the remote is loaded on an exam's address (opened or reloaded directly): the exam request
 * goes out before the exam screen's code is asked for, so it never waits behind the code's files for a connection
 * (a browser opens only a few connections per server); and the dashboard's code is not part of it.
 */
const calls: string[] = [];

jest.mock('./features/dashboard/components/DashboardStudent', () => {
  calls.push('dashboard code');
  return { __esModule: true, default: () => null };
});

jest.mock('@kelasku/shared-api', () => {
  const actual = jest.requireActual('@kelasku/shared-api');
  return {
    ...actual,
    examsApi: {
      ...actual.examsApi,
      byClass: jest.fn(() => {
        calls.push('exam request');
        return new Promise(() => undefined);
      }),
    },
  };
});
jest.mock('./lib/load-exam-page', () => ({
  loadExamPage: jest.fn(() => {
    calls.push('exam screen code');
    return new Promise(() => undefined);
  }),
}));

test("on /MyExams?class_id=…, the exam is asked for first, then the screen's code", async () => {
  window.history.replaceState(null, '', '/MyExams?class_id=4');
  await jest.isolateModulesAsync(async () => {
    await import('./App');
  });
  expect(calls).toEqual(['exam request', 'exam screen code']);
});

test('on any other address the dashboard is the first screen whose code is loaded at once', async () => {
  calls.length = 0;
  window.history.replaceState(null, '', '/');
  await jest.isolateModulesAsync(async () => {
    await import('./App');
  });
  await new Promise((done) => setTimeout(done, 0)); // import() resolves on a later turn
  expect(calls).toEqual(['dashboard code']);
});
