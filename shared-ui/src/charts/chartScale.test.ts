import { bandBars, niceScale } from './chartScale';

describe('niceScale', () => {
  it('rounds the top up to a whole 1/2/5 step, about one tick per 50 px', () => {
    expect(niceScale(32, 244)).toEqual({ top: 40, ticks: [0, 10, 20, 30, 40] });
    expect(niceScale(7, 100)).toEqual({ top: 10, ticks: [0, 5, 10] });
  });

  it('keeps a fixed top and the minimum step, and draws an empty chart from 0 to 1', () => {
    expect(niceScale(0, 184, { max: 100 })).toEqual({ top: 100, ticks: [0, 50, 100] });
    expect(niceScale(3, 204, { max: 5, minStep: 1 })).toEqual({ top: 5, ticks: [0, 2, 4] });
    expect(niceScale(2, 244, { minStep: 1 })).toEqual({ top: 2, ticks: [0, 1, 2] });
    expect(niceScale(0, 244, { minStep: 1 }).top).toBe(1);
  });
});

describe('bandBars', () => {
  it('centres the bars of each band, with the category and bar gaps', () => {
    const bar = bandBars(2, 2); // bands 50 wide: 5 gap, two bars of 40 / 2.1, 5 gap
    const w = 40 / 2.1;
    expect(bar(0, 0).x).toBeCloseTo(5);
    expect(bar(0, 1).x).toBeCloseTo(5 + w * 1.1);
    expect(bar(0, 1).x + bar(0, 1).w).toBeCloseTo(45);
    expect(bar(1, 0).x).toBeCloseTo(55);
    expect(bar(1, 0).w).toBeCloseTo(w);
  });
});
