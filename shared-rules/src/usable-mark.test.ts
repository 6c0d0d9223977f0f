import { afterUsable, markUsable, USABLE_MARK, USABLE_MARK_WAIT_MS } from './usable-mark';

/** Waits until `run` was called (the observer reports marks a task or more later, longer on a busy machine). */
async function calledOnce(run: jest.Mock): Promise<void> {
  for (let waited = 0; run.mock.calls.length === 0 && waited < 5000; waited += 10)
    await new Promise((resolve) => setTimeout(resolve, 10));
  expect(run).toHaveBeenCalledTimes(1);
}

// Node's marks belong to the Jest worker's process, not to this file: a file run before it may have left the mark.
beforeEach(() => performance.clearMarks(USABLE_MARK));
afterEach(() => {
  performance.clearMarks(USABLE_MARK);
  jest.useRealTimers();
});

describe('afterUsable', () => {
  it('waits for the usable mark, then runs once', async () => {
    const run = jest.fn();
    afterUsable(run);
    performance.mark('something-else');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(run).not.toHaveBeenCalled();
    markUsable();
    await calledOnce(run);
  });

  it('runs at once when the screen is already usable', () => {
    markUsable();
    const run = jest.fn();
    afterUsable(run);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs after a while on a screen that never marks itself usable', () => {
    jest.useFakeTimers({ doNotFake: ['performance'] });
    const run = jest.fn();
    afterUsable(run);
    jest.advanceTimersByTime(USABLE_MARK_WAIT_MS - 1);
    expect(run).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs nothing once cancelled', async () => {
    const run = jest.fn();
    const cancel = afterUsable(run);
    cancel();
    markUsable();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(run).not.toHaveBeenCalled();
  });
});
