import i18next from 'i18next';
import type { QueryKey, UseQueryOptions } from '@tanstack/react-query';
import { withReason, type Exam, type Exercise } from '@kelasku/shared-api';
import {
  classNameQuery,
  examByIdQuery,
  examClassNameQuery,
  examOfClassQuery,
  exerciseOfMaterialQuery,
  materialTitleQuery,
} from './api';

/** A query factory's result for one read. */
type Read<T> = UseQueryOptions<T, Error, T, QueryKey>;

/**
 * What an exam (of a class) or an exercise (of a material) hangs on: the URL parameter, how to read it and its
 * owner's name, and the texts its create, preview and edit screens share (message keys of the 'teacher' namespace).
 */
export interface AssessmentOwner<T> {
  param: 'class_id' | 'material_id' | 'exam_id';
  /** Word for the MissingId screen. */
  ownerWord: string;
  /** The owner's exercise or exam; null when none was created yet. */
  query: (ownerId: number) => Read<T | null>;
  /** Class name or subject title for subtitles; '' when it could not be read. */
  nameQuery: (ownerId: number) => Read<string>;
  fetchError: string;
  noneYet: string;
  createPath: string;
  createLabel: string;
  /**
   * The edit screen's query for an item (default: this owner's param and id); null when it cannot be edited (a
   * closed exam: the edit screen edits its class's current exam).
   */
  editQuery?: (item: T) => string | null;
}

export const examOwner: AssessmentOwner<Exam> = {
  param: 'class_id',
  ownerWord: 'assessments.owner.class',
  query: examOfClassQuery,
  nameQuery: classNameQuery,
  fetchError: 'assessments.exam.fetchFailed',
  noneYet: 'assessments.exam.noneYet',
  createPath: '/CreateExam',
  createLabel: 'assessments.exam.create',
};

/**
 * An exam named by its id (/PreviewAnExam?exam_id=): any exam of the class, the closed ones of earlier terms too.
 * Edited, while it is the class's current exam, through the class.
 */
export const examByIdOwner: AssessmentOwner<Exam> = {
  ...examOwner,
  param: 'exam_id',
  query: examByIdQuery,
  nameQuery: examClassNameQuery,
  editQuery: (exam) => (exam.closed_at ? null : `class_id=${exam.class_id}`),
};

export const exerciseOwner: AssessmentOwner<Exercise> = {
  param: 'material_id',
  ownerWord: 'assessments.owner.subject',
  query: exerciseOfMaterialQuery,
  nameQuery: materialTitleQuery,
  fetchError: 'assessments.exercise.fetchFailed',
  noneYet: 'assessments.exercise.noneYet',
  createPath: '/CreateExercise',
  createLabel: 'assessments.exercise.create',
};

/**
 * What an edit's save does once answered (the per-call callbacks of its mutation); both edit screens use the exercise
 * update texts (as the spec asks). On success the form's draft goes (`saved`) and the screen goes back.
 */
export function editOutcome(saved: () => void, goBack: () => void) {
  return {
    onError: (err: unknown) => window.alert(withReason(i18next.t('teacher:assessments.edit.failed'), err)),
    onSuccess: () => {
      saved();
      window.alert(i18next.t('teacher:assessments.edit.done'));
      goBack();
    },
  };
}
