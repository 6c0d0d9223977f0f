import type { AccountNoun } from './types';

/** The message keys of the texts that name the kind of account (a whole sentence each, as languages word them differently). */
export const NOUN_TEXTS = {
  Student: {
    addTitle: 'accounts.student.addTitle',
    editTitle: 'accounts.student.editTitle',
    empty: 'accounts.student.empty',
    addFailed: 'accounts.student.addFailed',
    updateFailed: 'accounts.student.updateFailed',
    deleteFailed: 'accounts.student.deleteFailed',
    deactivateFailed: 'accounts.student.deactivateFailed',
    reactivateFailed: 'accounts.student.reactivateFailed',
    deleteButton: 'accounts.student.deleteButton',
    deleteConsequences: 'accounts.student.deleteConsequences',
    deactivateInstead: 'accounts.student.deactivateInstead',
  },
  Teacher: {
    addTitle: 'accounts.teacher.addTitle',
    editTitle: 'accounts.teacher.editTitle',
    empty: 'accounts.teacher.empty',
    addFailed: 'accounts.teacher.addFailed',
    updateFailed: 'accounts.teacher.updateFailed',
    deleteFailed: 'accounts.teacher.deleteFailed',
    deactivateFailed: 'accounts.teacher.deactivateFailed',
    reactivateFailed: 'accounts.teacher.reactivateFailed',
    deleteButton: 'accounts.teacher.deleteButton',
    deleteConsequences: 'accounts.teacher.deleteConsequences',
    deactivateInstead: 'accounts.teacher.deactivateInstead',
  },
} as const satisfies Record<AccountNoun, Record<string, string>>;
