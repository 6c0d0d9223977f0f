/** Submission dialog texts, quoted from the spec. */
export const SUBMIT_TEXTS = {
  task: { title: 'Confirmation of Assignment Submission', message: 'Are you sure you want to hand over your exercise?' },
  exam: { title: 'Confirmation of Exam Submission', message: 'Are you sure you want to submit your exam?' },
} as const;

export type WorkKind = keyof typeof SUBMIT_TEXTS;
