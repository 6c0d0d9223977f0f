import { useQuery, type UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import i18next from 'i18next';
import { buildContent, errorMessage, getUserData, withReason } from '@kelasku/shared-api';
import { ErrorState, LoadingState } from '@kelasku/shared-ui';
import { AssessmentForm, shuffleFields, type AssessmentValues } from './AssessmentForm';
import { AlreadyExists } from './AlreadyExists';
import { MissingId } from './MissingId';
import { firstQuestions } from '../question-rules';
import type { AssessmentOwner } from '../owners';

type Kind = 'exercise' | 'exam';

/** What the two Create screens say (message keys), and what their parent (named in the URL) is. */
const TEXTS = {
  exercise: {
    parent: 'assessments.owner.subject',
    subheading: 'assessments.subheading.subject',
    heading: 'assessments.exercise.createHeading',
    loadFailed: 'assessments.exercise.loadFailed',
    exists: 'assessments.exercise.exists',
    done: 'assessments.exercise.created',
  },
  exam: {
    parent: 'assessments.owner.class',
    subheading: 'assessments.subheading.class',
    heading: 'assessments.exam.createHeading',
    loadFailed: 'assessments.exam.loadFailed',
    exists: 'assessments.exam.exists',
    done: 'assessments.exam.created',
  },
} as const satisfies Record<Kind, Record<string, string>>;

/** The alert of a failed create: the spec words the two differently (the exam's puts the reason after a colon). */
function createFailed(kind: Kind, err: unknown): string {
  if (kind === 'exercise') return withReason(i18next.t('teacher:assessments.exercise.createFailed'), err);
  return i18next.t('teacher:assessments.exam.createFailed', { reason: errorMessage(err) ?? '' });
}

/** The fields every new exercise or exam sends, from the form. */
export type CommonFields = ReturnType<typeof commonFields>;
const commonFields = (values: AssessmentValues) => ({
  title: values.title.trim(),
  content: buildContent(values.questions),
  teacher_id: getUserData()?.teacher_id,
  ...shuffleFields(values),
});

/**
 * A Create screen (one exercise per subject, one exam per class): until the parent is known to have none yet it shows
 * what stands in the way (no id, loading, failure, one exists); then the form, whose submit alerts the failure (the
 * form stays) or the success and goes back.
 */
export function CreateAssessment<T, Body>({
  kind,
  parentId,
  owner,
  extraInitial,
  create,
  body,
  onBack,
}: {
  kind: Kind;
  parentId: number | null;
  /** Reads the parent's existing exercise or exam (null when none) and the parent's name. */
  owner: AssessmentOwner<T>;
  extraInitial?: Partial<AssessmentValues>;
  /** The kind's create mutation (assessments/api.ts). */
  create: UseMutationResult<unknown, Error, Body>;
  /** What the new item sends: `fields` plus what only this kind has (its parent's id, the exam window). */
  body: (fields: CommonFields, parentId: number, values: AssessmentValues) => Body;
  onBack: () => void;
}) {
  const { t } = useTranslation('teacher');
  const texts = TEXTS[kind];
  const existing = useQuery({ ...owner.query(parentId ?? 0), enabled: parentId != null });
  const parentName = useQuery({ ...owner.nameQuery(parentId ?? 0), enabled: parentId != null });

  if (!parentId) return <MissingId what={t(texts.parent)} onBack={onBack} />;
  if (existing.data === undefined) {
    return existing.isError ? (
      <ErrorState message={t(texts.loadFailed)} error={existing.error} onRetry={() => void existing.refetch()} />
    ) : (
      <LoadingState />
    );
  }
  if (parentName.data === undefined) return <LoadingState />;
  if (existing.data) return <AlreadyExists text={t(texts.exists)} onBack={onBack} />;
  const name = parentName.data;

  const save = (values: AssessmentValues, saved: () => void) =>
    create.mutate(body(commonFields(values), parentId, values), {
      onError: (err) => window.alert(createFailed(kind, err)),
      onSuccess: () => {
        saved();
        window.alert(t(texts.done));
        onBack();
      },
    });

  return (
    <AssessmentForm
      kind={kind}
      heading={t(texts.heading)}
      subheading={name ? t(texts.subheading, { name }) : undefined}
      initial={{ title: '', questions: firstQuestions(), ...extraInitial }}
      submitLabel={t(texts.heading)}
      draftKey={`create-${kind}:${parentId}`}
      onSubmit={save}
      saving={create.isPending}
      importForClass={kind === 'exam' ? parentId : undefined}
    />
  );
}
