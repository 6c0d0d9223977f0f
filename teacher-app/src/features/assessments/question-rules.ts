import { emptyQuestion, type Question } from '@kelasku/shared-api';

/** Switching between multiple choice and essay keeps the text and image but resets options and answers. */
export function changeQuestionType(question: Question, type: Question['type']): Question {
  if (question.type === type) return question;
  return { ...emptyQuestion(type), text: question.text, image: question.image };
}

/** A question can be removed only while more than one remains. */
export function canRemoveQuestion(questions: Question[]): boolean {
  return questions.length > 1;
}

export function removeQuestion(questions: Question[], index: number): Question[] {
  if (!canRemoveQuestion(questions)) return questions;
  return questions.filter((_, i) => i !== index);
}

export function replaceQuestion(questions: Question[], index: number, question: Question): Question[] {
  return questions.map((q, i) => (i === index ? question : q));
}

/** A new exercise or exam (or one saved without questions) starts with one empty multiple-choice question. */
export const firstQuestions = () => [emptyQuestion()];
