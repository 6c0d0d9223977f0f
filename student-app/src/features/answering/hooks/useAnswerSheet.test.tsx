import { act, render, renderHook, waitFor } from '@testing-library/react';
import { startTransition, Suspense, useEffect, type MutableRefObject } from 'react';
import { ApiError, type AnswerChanges, type AnswerSheet } from '@kelasku/shared-api';
import { answersStorageKey, readStoredAnswers, withChanges } from '../answer-queue';
import { earlyAnswersKey, useAnswerSheet, type SheetApi } from './useAnswerSheet';

const SHEET: AnswerSheet = { id: 70, exam_id: 21, student_id: 5, answers: {}, status: 'Active' };

/** A sheet API whose saves are acknowledged with the merged answers (or fail, when `failSaves`). */
function fakeApi({ failSaves = false } = {}) {
  let release: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (release = resolve));
  const api = {
    get: jest.fn(async () => {
      await opened; // the sheet is here when the test releases it
      return [SHEET];
    }),
    create: jest.fn(async () => SHEET),
    saveChanges: jest.fn(async (id: number, changes: AnswerChanges) => {
      if (failSaves) throw new ApiError(undefined); // no answer: kept and retried
      return { ...SHEET, id, answers: withChanges({}, changes) };
    }),
  };
  return { api: api as unknown as jest.Mocked<SheetApi>, openSheet: () => act(async () => release()) };
}

const options = (api: SheetApi, clockOffset = 0) => ({
  kind: 'exam' as const,
  itemId: 21,
  studentId: 5,
  api,
  enabled: true,
  answerWhileLoading: true,
  clockOffset,
});

beforeEach(() => localStorage.clear());

test('answers given while the sheet loads are kept on the device and sent, the latest of each, once it opens', async () => {
  const { api, openSheet } = fakeApi();
  const { result } = renderHook(() => useAnswerSheet(options(api)));
  expect(result.current.answerable).toBe(true);
  act(() => result.current.setAnswer(1, 'A'));
  act(() => result.current.setAnswer(1, 'B'));
  act(() => result.current.setAnswer(2, 'C'));
  // Not acknowledged yet: on the device, so a reload or a lost connection loses nothing.
  expect(readStoredAnswers(earlyAnswersKey('exam', 21, 5))?.answers).toEqual({ '1': 'B', '2': 'C' });
  expect(result.current.answers).toEqual({ '1': 'B', '2': 'C' });

  await openSheet();
  await waitFor(() => expect(result.current.phase).toBe('open'));
  await waitFor(() => expect(api.saveChanges).toHaveBeenCalledTimes(1));
  expect(api.saveChanges.mock.calls[0][1]).toEqual({
    '1': { answer: 'B', at: expect.any(Number) },
    '2': { answer: 'C', at: expect.any(Number) },
  });
  await waitFor(() => expect(result.current.queueState.kind).toBe('saved'));
  expect(localStorage.getItem(earlyAnswersKey('exam', 21, 5))).toBeNull();
});

test('a new clock offset or phase does not reopen the sheet; the next answer takes its time on the new offset', async () => {
  const { api, openSheet } = fakeApi();
  const { result, rerender } = renderHook(({ offset }) => useAnswerSheet(options(api, offset)), {
    initialProps: { offset: 0 },
  });
  await openSheet();
  await waitFor(() => expect(result.current.phase).toBe('open'));
  rerender({ offset: 3_600_000 });
  act(() => result.current.setAnswer(1, 'D'));
  await waitFor(() => expect(api.saveChanges).toHaveBeenCalledTimes(1));
  expect(api.saveChanges.mock.calls[0][1]['1'].at).toBeGreaterThanOrEqual(Date.now() + 3_500_000);
  expect(api.get).toHaveBeenCalledTimes(1);
});

test('an answer not acknowledged when the page is left stays on the device for the next visit', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const { api, openSheet } = fakeApi({ failSaves: true });
  const { result, unmount } = renderHook(() => useAnswerSheet(options(api)));
  await openSheet();
  await waitFor(() => expect(result.current.phase).toBe('open'));
  act(() => result.current.setAnswer(3, 'essay text', { essay: true })); // still in its debounce
  unmount();
  await waitFor(() => expect(api.saveChanges).toHaveBeenCalled()); // leaving sends what is pending at once
  expect(readStoredAnswers(answersStorageKey('exam', 70))).toMatchObject({
    pending: true,
    answers: { '3': 'essay text' },
  });
});

/** Renders the hook; `suspend` makes the same render suspend after the hook ran (a render React throws away). */
function Sheet({
  api,
  offset,
  suspend,
  sheetRef,
}: {
  api: SheetApi;
  offset: number;
  suspend: boolean;
  sheetRef: MutableRefObject<ReturnType<typeof useAnswerSheet> | null>;
}) {
  const sheet = useAnswerSheet(options(api, offset));
  useEffect(() => {
    sheetRef.current = sheet;
  });
  if (suspend) throw new Promise(() => undefined);
  return null;
}

test('a render that is thrown away (a suspended transition) does not change the clock the answers are timed by', async () => {
  const { api, openSheet } = fakeApi();
  const sheetRef: MutableRefObject<ReturnType<typeof useAnswerSheet> | null> = { current: null };
  const ui = (offset: number, suspend: boolean) => (
    <Suspense fallback="loading">
      <Sheet api={api} offset={offset} suspend={suspend} sheetRef={sheetRef} />
    </Suspense>
  );
  const view = render(ui(0, false));
  await openSheet();
  await waitFor(() => expect(sheetRef.current?.phase).toBe('open'));
  // In a transition, a suspending render is not committed: the sheet on screen still has offset 0.
  act(() => startTransition(() => view.rerender(ui(3_600_000, true))));
  expect(view.container).not.toHaveTextContent('loading');
  act(() => sheetRef.current!.setAnswer(1, 'A'));
  await waitFor(() => expect(api.saveChanges).toHaveBeenCalledTimes(1));
  expect(api.saveChanges.mock.calls[0][1]['1'].at).toBeLessThan(Date.now() + 60_000);
});
