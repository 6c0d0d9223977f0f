import { type Replier, unreachable, examOf, quietFailedRequests, reply } from '../test/network';
import { loadClassExams, prefetchClassExams } from './exam-prefetch';

const exam = examOf({ id: 21, class_id: 4, title: 'Ujian', start_time: '', end_time: '' });
let byClass: Replier<'get /exams'>;
/** The classes whose exams were asked for, in order. */
const askedFor = () => byClass.mock.calls.map(([{ query }]) => query.class_id);

beforeEach(() => {
  jest.useRealTimers();
  byClass = reply('get /exams', () => [exam]);
});

test('the exams prefetched when the class was pressed are used by the page, without a second request', async () => {
  prefetchClassExams(4);
  prefetchClassExams(4); // pointerdown, then click
  expect((await loadClassExams(4)).list).toEqual([exam]);
  expect(byClass).toHaveBeenCalledTimes(1);
  expect(byClass).toHaveBeenCalledWith({ query: { class_id: '4', number: '0' }, body: undefined });
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
  expect(askedFor()).toEqual(['5', '4']);

  // Only the clock is faked: the requests and their answers still need the real timers and microtasks.
  jest.useFakeTimers({ now: Date.now(), doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate', 'setTimeout'] });
  prefetchClassExams(4);
  jest.setSystemTime(Date.now() + 6000);
  await loadClassExams(4);
  expect(byClass).toHaveBeenCalledTimes(4);

  jest.useRealTimers();
  quietFailedRequests();
  byClass.mockImplementationOnce(unreachable);
  prefetchClassExams(4);
  expect((await loadClassExams(4)).list).toEqual([exam]);
  expect(byClass).toHaveBeenCalledTimes(6);
});
