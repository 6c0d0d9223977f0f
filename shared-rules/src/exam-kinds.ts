/**
 * The kinds of exam a class's term holds: the daily test (ulangan harian), the mid-term (PTS), the final (PAS), or
 * another one the teacher names (free text in `kind_label`). Lists and exports show them; the gradebook weighs each.
 */
export const EXAM_KINDS = ['daily', 'midterm', 'final', 'other'] as const;
export type ExamKind = (typeof EXAM_KINDS)[number];

/** The kind of an exam written before kinds existed, or created without one. */
export const DEFAULT_EXAM_KIND: ExamKind = EXAM_KINDS[0];

/** The longest name a teacher may give an exam of kind 'other' (characters, after trimming). */
export const MAX_EXAM_KIND_LABEL = 60;

export function isExamKind(value: unknown): value is ExamKind {
  return typeof value === 'string' && (EXAM_KINDS as readonly string[]).includes(value);
}

/** The kind's name in files (Indonesian, as report cards use them); 'other' is the teacher's own label. */
export const EXAM_KIND_FILE_NAMES: Record<Exclude<ExamKind, 'other'>, string> = {
  daily: 'Ulangan Harian',
  midterm: 'PTS',
  final: 'PAS',
};

export function examKindFileName(kind: string, label: string | null | undefined): string {
  if (kind === 'other') return (label ?? '').trim() || 'Ujian';
  return EXAM_KIND_FILE_NAMES[kind as Exclude<ExamKind, 'other'>] ?? 'Ujian';
}
