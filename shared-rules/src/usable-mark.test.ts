import { afterUsable, markUsable, USABLE_MARK, USABLE_MARK_WAIT_MS } from './usable-mark';

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
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs at once when the screen is already usable', () => {
    markUsable();
    const run = jest.fn();
    afterUsable(run);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs after a while on a screen that never marks itself usable', () => {
    jest.useFakeTimers();
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
