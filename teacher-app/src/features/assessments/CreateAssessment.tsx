import { buildContent, errorMessage, getUserData, withReason } from '@kelasku/shared-api';
import { ErrorState, LoadingState } from '@kelasku/shared-ui';
import { useAsync } from '../../lib/useAsync';
import { AssessmentForm, shuffleFields, type AssessmentValues } from './AssessmentForm';
import { AlreadyExists, MissingId } from './ScreenStates';
import { firstQuestions } from './data';

type Kind = 'exercise' | 'exam';

/** What the two Create screens say, and what their parent (named in the URL) is. */
const TEXTS: Record<Kind, {
  parent: string; heading: string; loadFailed: string; exists: string; done: string; failed: (err: unknown) => string;
}> = {
  exercise: {
    parent: 'Subject',
    heading: 'Create Exercise',
    loadFailed: "Failed to load the subject's exercise.",
    exists: 'Exercise already exists',
    done: 'Successfully created exercise',
    failed: (err) => withReason('Failed to create exercise', err),
  },
  exam: {
    parent: 'Class',
    heading: 'Create Exam',
    loadFailed: "Failed to load the class's exam.",
    exists: 'Exam already exists',
    done: 'Successfully created an exam',
    failed: (err) => `Failed to create exam: ${errorMessage(err) ?? ''}`,
  },
};

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
export function CreateAssessment({ kind, parentId, load, extraInitial, create, onBack }: {
  kind: Kind;
  parentId: number | null;
  /** The parent's existing exercise or exam (null when none) and the parent's name. */
  load: (parentId: number) => Promise<[unknown, string]>;
  extraInitial?: Partial<AssessmentValues>;
  /** Sends the new item: `fields` plus what only this kind has (its parent's id, the exam window). */
  create: (fields: CommonFields, parentId: number, values: AssessmentValues) => Promise<unknown>;
  onBack: () => void;
}) {
  const texts = TEXTS[kind];
  const state = useAsync(async () => (parentId ? load(parentId) : null), [parentId]);

  if (!parentId) return <MissingId what={texts.parent.toLowerCase()} onBack={onBack} />;
  if (state.loading) return <LoadingState />;
  if (state.error || !state.data) return <ErrorState message={texts.loadFailed} onRetry={state.reload} />;
  const [existing, name] = state.data;
  if (existing) return <AlreadyExists text={texts.exists} onBack={onBack} />;

  const save = async (values: AssessmentValues) => {
    try {
      await create(commonFields(values), parentId, values);
    } catch (err) {
      window.alert(texts.failed(err));
      return false;
    }
    window.alert(texts.done);
    onBack();
    return true;
  };

  return (
    <AssessmentForm
      kind={kind}
      heading={texts.heading}
      subheading={name ? `${texts.parent}: ${name}` : undefined}
      initial={{ title: '', questions: firstQuestions(), ...extraInitial }}
      submitLabel={texts.heading}
      draftKey={`create-${kind}:${parentId}`}
      onSubmit={save}
    />
  );
}
