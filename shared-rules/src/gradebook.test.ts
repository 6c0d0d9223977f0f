import {
  DEFAULT_GRADEBOOK_WEIGHTS as W,
  finalScore,
  meanOf,
  roundHalfUp,
  weightKindOf,
  weightsProblem,
  type GradebookCell,
} from './gradebook';

const cell = (kind: GradebookCell['kind'], score: number | null): GradebookCell => ({ kind, score });

describe('gradebook arithmetic', () => {
  it('leaves empty cells out of every average (an empty cell is not a zero)', () => {
    expect(meanOf([80, null, 60])).toBe(70);
    expect(meanOf([80, 0, 60])).toBeCloseTo(46.67, 2);
    expect(meanOf([null, undefined])).toBeNull();
    expect(finalScore([cell('exercise', 80), cell('exercise', null)], W)).toBe(80);
  });

  it('weighs each kind by the defaults 30/20/20/30', () => {
    const cells = [cell('exercise', 80), cell('daily', 70), cell('midterm', 60), cell('final', 90)];
    // 0.3·80 + 0.2·70 + 0.2·60 + 0.3·90 = 24 + 14 + 12 + 27 = 77
    expect(finalScore(cells, W)).toBe(77);
  });

  it('shares out the weight of a kind with no assessment among the others in proportion', () => {
    // no final yet: 30/70 · 80 + 20/70 · 70 + 20/70 · 60 = (2400 + 1400 + 1200) / 70 = 71.43 → 71
    expect(finalScore([cell('exercise', 80), cell('daily', 70), cell('midterm', 60)], W)).toBe(71);
    // only exercises so far: their mean is the final score
    expect(finalScore([cell('exercise', 77.5)], W)).toBe(78);
    expect(finalScore([], W)).toBeNull();
    expect(finalScore([cell('daily', null)], W)).toBeNull();
  });

  it('weighs an exam of a free-text kind as a daily test', () => {
    expect(weightKindOf({ type: 'exam', kind: 'other' })).toBe('daily');
    expect(weightKindOf({ type: 'exam', kind: 'something-new' })).toBe('daily');
    expect(weightKindOf({ type: 'exam', kind: 'midterm' })).toBe('midterm');
    expect(weightKindOf({ type: 'exercise' })).toBe('exercise');
    // a daily test at 60 and a "Kuis" (other) at 80 make one daily mean of 70
    const cells = [
      cell('exercise', 70),
      cell(weightKindOf({ type: 'exam', kind: 'daily' }), 60),
      cell(weightKindOf({ type: 'exam', kind: 'other' }), 80),
    ];
    // 30/50 · 70 + 20/50 · 70 = 70
    expect(finalScore(cells, W)).toBe(70);
  });

  it('rounds half up to a whole number', () => {
    expect(roundHalfUp(84.5)).toBe(85);
    expect(roundHalfUp(84.49)).toBe(84);
    expect(roundHalfUp(84.49999999999999)).toBe(85);
    expect(roundHalfUp(0.5)).toBe(1);
    expect(roundHalfUp(99.5)).toBe(100);
    // 0.3·85 + 0.2·80 + 0.2·80 + 0.3·84 = 25.5 + 16 + 16 + 25.2 = 82.7 → 83; with final 83: 82.4 → 82
    expect(finalScore([cell('exercise', 85), cell('daily', 80), cell('midterm', 80), cell('final', 84)], W)).toBe(83);
    // 0.5 exactly: exercise 85, daily 84 with 50/50 → 84.5 → 85 (not banker's 84)
    expect(
      finalScore([cell('exercise', 85), cell('daily', 84)], { exercise: 50, daily: 50, midterm: 0, final: 0 }),
    ).toBe(85);
  });

  it('a weight of 0 leaves its kind out; weights must add up to 100', () => {
    expect(
      finalScore([cell('exercise', 100), cell('final', 50)], { exercise: 0, daily: 20, midterm: 20, final: 60 }),
    ).toBe(50);
    expect(weightsProblem(W)).toBeNull();
    expect(weightsProblem({ exercise: 30, daily: 20, midterm: 20, final: 20 })).toEqual({
      code: 'weights-sum',
      sum: 90,
    });
  });
});
