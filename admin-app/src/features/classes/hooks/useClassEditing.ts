import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, errorStatus, type ClassItem } from '@kelasku/shared-api';
import type { usePagedList } from '../../../hooks/usePagedList';
import { useSaveClass } from '../api';
import { classBody, classFormFrom, emptyClassForm, type ClassFormValues } from '../class-form';

type Editing = { mode: 'add'; initial: ClassFormValues } | { mode: 'edit'; initial: ClassFormValues; cls: ClassItem };

type PagedList = ReturnType<typeof usePagedList>;

/**
 * The class dialog of a grade's classes: which class it adds or edits, its save (a failure on the form through the
 * list's `attempt`), and the name the grade already has.
 */
export function useClassEditing(
  grade: number,
  { attempt, setFormFailure }: Pick<PagedList, 'attempt' | 'setFormFailure'>,
) {
  const { t } = useTranslation('admin');
  const saveClass = useSaveClass();
  const [editing, setEditing] = useState<Editing | null>(null);
  /** The server's 409 for a name already used in the grade, shown at the name field while that name is typed. */
  const [takenName, setTakenName] = useState<{ name: string; message: string } | null>(null);

  const openAdd = () => {
    setFormFailure(null);
    setEditing({ mode: 'add', initial: emptyClassForm });
  };
  const openEdit = (cls: ClassItem) => {
    setFormFailure(null);
    setEditing({ mode: 'edit', initial: classFormFrom(cls), cls });
  };
  const close = () => {
    setEditing(null);
    setTakenName(null);
  };

  const save = async (values: ClassFormValues, enrolAll: boolean) => {
    if (!editing) return;
    setTakenName(null);
    await attempt('form', editing.mode === 'add' ? t('classes.addFailed') : t('classes.editFailed'), async () => {
      try {
        if (editing.mode === 'add')
          await saveClass.mutateAsync({ body: { ...classBody(values, grade), enrol_all: enrolAll } });
        else await saveClass.mutateAsync({ id: editing.cls.id, body: classBody(values, grade) });
      } catch (err) {
        // the only conflict a class write has is its name in the grade
        if (errorStatus(err) !== 409) throw err;
        setTakenName({ name: values.name, message: errorMessage(err) ?? t('classes.nameTaken') });
        return;
      }
      setEditing(null);
    });
  };

  return { editing, takenName, saving: saveClass.isPending, openAdd, openEdit, close, save };
}
