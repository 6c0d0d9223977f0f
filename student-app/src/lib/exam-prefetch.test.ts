import { examsApi, type Exam } from '@kelasku/shared-api';
import { loadClassExams, prefetchClassExams } from './exam-prefetch';

jest.mock('@kelasku/shared-api', () => {
  const actual = jest.requireActual('@kelasku/shared-api');
  return { ...actual, examsApi: { ...actual.examsApi, byClass: jest.fn() } };
});
const byClass = examsApi.byClass as jest.MockedFunction<typeof examsApi.byClass>;
const exam = { id: 21, class_id: 4, title: 'Ujian' } as Exam;

beforeEach(() => {
  jest.clearAllMocks();
  jest.useRealTimers();
  byClass.mockResolvedValue([exam]);
});

test('the exams prefetched when the class was pressed are used by the page, without a second request', async () => {
  prefetchClassExams(4);
  prefetchClassExams(4); // pointerdown, then click
  expect((await loadClassExams(4)).list).toEqual([exam]);
  expect(byClass).toHaveBeenCalledTimes(1);
});

test('a prefetch is used once: the next load (e.g. when the window opens) asks the server again', async () => {
  prefetchClassExams(4);
  await loadClassExams(4);
  await loadClassExams(4);
  expect(byClass).toHaveBeenCalledTimes(2);
});

test('a prefetch for another class, a stale one, or a failed one is not used', async () => {
  prefetchClassExams(5);
  await loadClassExams(4);
  expect(byClass.mock.calls).toEqual([[5], [4]]);

  jest.useFakeTimers({ now: Date.now() });
  prefetchClassExams(4);
  jest.setSystemTime(Date.now() + 6000);
  await loadClassExams(4);
  expect(byClass).toHaveBeenCalledTimes(4);

  jest.useRealTimers();
  byClass.mockRejectedValueOnce(new Error('Network Error'));
  prefetchClassExams(4);
  expect((await loadClassExams(4)).list).toEqual([exam]);
  expect(byClass).toHaveBeenCalledTimes(6);
});
