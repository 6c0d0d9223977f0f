/** The message keys of the submission dialog, quoted from the spec in English. */
export const SUBMIT_TEXTS = {
  task: { title: 'submit.task.title', message: 'submit.task.message', noQuestions: 'sheet.noQuestions.task' },
  exam: { title: 'submit.exam.title', message: 'submit.exam.message', noQuestions: 'sheet.noQuestions.exam' },
} as const;

export type WorkKind = keyof typeof SUBMIT_TEXTS;
