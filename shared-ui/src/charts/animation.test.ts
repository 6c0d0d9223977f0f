import { barDelayMs } from './animation';

describe('barDelayMs', () => {
  it('delays each bar by its data index × 300 ms plus its dataset index × 100 ms', () => {
    expect(barDelayMs(0, 0)).toBe(0);
    expect(barDelayMs(0, 1)).toBe(100);
    expect(barDelayMs(2, 0)).toBe(600);
    expect(barDelayMs(3, 2)).toBe(1100);
  });
});
