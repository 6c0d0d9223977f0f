import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import i18next from 'i18next';
import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import { EmptyState, ErrorState, LoadingState } from '@kelasku/shared-ui';
import { withReason, type Exam, type Exercise } from '@kelasku/shared-api';
import { useAsync } from '../../lib/useAsync';
import { useGoBack } from '../../lib/useGoBack';
import { useNumberParam } from '../../lib/params';
import { MissingId } from './ScreenStates';
import { className, loadExam, loadExercise, subjectTitle } from './data';

/**
 * What an exam (of a class) or an exercise (of a material) hangs on: the URL parameter, how to load it,
 * and the texts its preview and edit screens share (message keys of the 'teacher' namespace).
 */
export interface AssessmentOwner<T> {
  param: 'class_id' | 'material_id';
  /** Word for the MissingId screen. */
  ownerWord: string;
  load: (ownerId: number) => Promise<T | null>;
  /** Class name or subject title for subtitles; '' when it could not be read. */
  ownerName: (ownerId: number) => Promise<string>;
  fetchError: string;
  noneYet: string;
  createPath: string;
  createLabel: string;
}

export const examOwner: AssessmentOwner<Exam> = {
  param: 'class_id',
  ownerWord: 'assessments.owner.class',
  load: loadExam,
  ownerName: className,
  fetchError: 'assessments.exam.fetchFailed',
  noneYet: 'assessments.exam.noneYet',
  createPath: '/CreateExam',
  createLabel: 'assessments.exam.create',
};

export const exerciseOwner: AssessmentOwner<Exercise> = {
  param: 'material_id',
  ownerWord: 'assessments.owner.subject',
  load: loadExercise,
  ownerName: subjectTitle,
  fetchError: 'assessments.exercise.fetchFailed',
  noneYet: 'assessments.exercise.noneYet',
  createPath: '/CreateExercise',
  createLabel: 'assessments.exercise.create',
};

export type OwnedAssessment<T> =
  | { ready: false; screen: ReactElement }
  | { ready: true; ownerId: number; item: T; ownerName: string; goBack: () => void };

/**
 * Loads the exam or exercise named by the URL. Until it is there, `screen` is what to show instead
 * (no id, loading, error, or none created yet with a link to create one).
 */
export function useOwnedAssessment<T>(owner: AssessmentOwner<T>, backTo: (ownerId: number) => string): OwnedAssessment<T> {
  const { t } = useTranslation('teacher');
  const ownerId = useNumberParam(owner.param);
  const goBack = useGoBack(ownerId ? backTo(ownerId) : '/DashboardTeacher');
  const state = useAsync(
    async () => (ownerId ? Promise.all([owner.load(ownerId), owner.ownerName(ownerId)]) : null),
    [ownerId],
  );

  if (!ownerId) return { ready: false, screen: <MissingId what={t(owner.ownerWord)} onBack={goBack} /> };
  if (state.loading) return { ready: false, screen: <LoadingState /> };
  if (state.error || !state.data) {
    return { ready: false, screen: <ErrorState message={t(owner.fetchError)} onRetry={state.reload} /> };
  }
  const [item, ownerName] = state.data;
  if (!item) {
    const create = `${owner.createPath}?${owner.param}=${ownerId}`;
    return {
      ready: false,
      screen: (
        <EmptyState
          message={t(owner.noneYet)}
          action={<Button variant="contained" component={RouterLink} to={create}>{t(owner.createLabel)}</Button>}
        />
      ),
    };
  }
  return { ready: true, ownerId, item, ownerName, goBack };
}

/** Sends an edit; both edit screens use the exercise update texts (as the spec asks) and go back on success. */
export async function saveEdit(update: () => Promise<unknown>, goBack: () => void): Promise<boolean> {
  try {
    await update();
  } catch (err) {
    window.alert(withReason(i18next.t('teacher:assessments.edit.failed'), err));
    return false;
  }
  window.alert(i18next.t('teacher:assessments.edit.done'));
  goBack();
  return true;
}
