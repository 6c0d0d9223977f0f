import { reviewList, type ReviewSheetRow, sheetReview } from './review';

const essay = (score: number | null, source: 'local' | 'teacher') => ({
  kind: 'essay',
  score,
  max: 10,
  pending: score === null,
  source,
});
const at = (h: number) => new Date(Date.UTC(2030, 0, 1, h));
const row = (
  kind: 'exercise' | 'exam',
  id: number,
  detail: unknown,
  submitted: Date,
  answers: unknown = { 1: 'text' },
): ReviewSheetRow => ({
  kind,
  id,
  title: `${kind} ${id}`,
  material_id: kind === 'exam' ? null : id * 10,
  material_title: kind === 'exam' ? null : 'Bab',
  submitted_at: submitted,
  detail,
  answers,
});

describe('sheetReview', () => {
  it('reads the stored columns (JSON text or parsed) and counts pending and automatic essays', () => {
    expect(
      sheetReview(
        JSON.stringify({ 1: essay(null, 'local'), 2: essay(5, 'local') }),
        JSON.stringify({ 1: 'a', 2: 'b' }),
      ),
    ).toEqual({ pending_essays: 1, auto_scored_essays: 1, needs_review: true });
    expect(sheetReview({ 1: essay(5, 'teacher') }, { 1: 'a' })).toEqual({
      pending_essays: 0,
      auto_scored_essays: 0,
      needs_review: false,
    });
  });

  it('has nothing to review without a grade, or for a blank answer scored automatically', () => {
    expect(sheetReview(null, null)).toEqual({ pending_essays: 0, auto_scored_essays: 0, needs_review: false });
    expect(sheetReview({ 1: essay(0, 'local') }, { 1: '  ' }).needs_review).toBe(false);
  });
});

describe('reviewList', () => {
  it('groups by item, counts sheets, keeps the oldest submission and puts pending items first', () => {
    const list = reviewList([
      row('exercise', 1, { 1: essay(4, 'local') }, at(1)),
      row('exercise', 1, { 1: essay(6, 'local') }, at(3)),
      row('exercise', 2, { 1: essay(null, 'local') }, at(9)),
      row('exercise', 3, { 1: essay(6, 'teacher') }, at(0)),
      row('exam', 7, { 1: essay(null, 'local'), 2: essay(3, 'local') }, at(5), { 1: 'x', 2: 'y' }),
      row('exam', 7, { 1: essay(2, 'local') }, at(4)),
    ]);
    expect(
      list.map((i) => [
        i.kind,
        i.id,
        i.to_review,
        i.pending_sheets,
        i.auto_scored_sheets,
        i.oldest_submitted_at.getUTCHours(),
      ]),
    ).toEqual([
      ['exam', 7, 2, 1, 2, 4],
      ['exercise', 2, 1, 1, 0, 9],
      ['exercise', 1, 2, 0, 2, 1],
    ]);
  });

  it('orders equal waits exams first, then by id', () => {
    const list = reviewList([
      row('exercise', 5, { 1: essay(1, 'local') }, at(2)),
      row('exercise', 4, { 1: essay(1, 'local') }, at(2)),
      row('exam', 9, { 1: essay(1, 'local') }, at(2)),
    ]);
    expect(list.map((i) => `${i.kind}:${i.id}`)).toEqual(['exam:9', 'exercise:4', 'exercise:5']);
  });
});
