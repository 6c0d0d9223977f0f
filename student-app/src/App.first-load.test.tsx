import { waitFor } from '@testing-library/react';
import { reply } from './test/network';

/**
 * What App.tsx starts when the remote is loaded on an exam's address (opened or reloaded directly): the exam request
 * goes out before the exam screen's code is asked for, so it never waits behind the code's files for a connection
 * (a browser opens only a few connections per server); and the dashboard's code is not part of it.
 */
const calls: string[] = [];

// Not the network: the screens' code (chunks), recorded when asked for.
jest.mock('./features/dashboard/components/DashboardStudent', () => {
  calls.push('dashboard code');
  return { __esModule: true, default: () => null };
});
jest.mock('./lib/load-exam-page', () => ({
  loadExamPage: jest.fn(() => {
    calls.push('exam screen code');
    return new Promise(() => undefined);
  }),
}));

test("on /MyExams?class_id=…, the exam is asked for first, then the screen's code", async () => {
  const exams = reply('get /exams', () => []);
  window.history.replaceState(null, '', '/MyExams?class_id=4');
  await jest.isolateModulesAsync(async () => {
    // The real client sends the request (answered above); the spy only notes when App asks for it, as the order of
    // the two is what this checks.
    const { examsApi } = await import('@kelasku/shared-api');
    const byClass = examsApi.byClass;
    // calls through to the real client
    jest.spyOn(examsApi, 'byClass').mockImplementation((classId) => {
      calls.push('exam request');
      return byClass(classId);
    });
    await import('./App');
  });
  expect(calls).toEqual(['exam request', 'exam screen code']);
  await waitFor(() => expect(exams).toHaveBeenCalledWith({ query: { class_id: '4', number: '0' }, body: undefined }));
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
