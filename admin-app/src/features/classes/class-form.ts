import i18next from 'i18next';
import type { ClassInput, ClassItem } from '@kelasku/shared-api';

export interface ClassFormValues {
  name: string;
  description: string;
  /** Kept as text while editing (select value); sent as an integer. */
  teacher_id: string;
}

/** The spec's alert for an empty field of the add form (its words in both languages). */
export const requiredMessage = () => i18next.t('admin:form.required');

export const emptyClassForm: ClassFormValues = { name: '', description: '', teacher_id: '' };

export function classFormFrom(cls: ClassItem): ClassFormValues {
  return { name: cls.name, description: cls.description, teacher_id: String(cls.teacher_id) };
}

/** Add requires every field (the grade always comes from the page, so it is never missing). */
export function missingClassField(values: ClassFormValues): boolean {
  return !values.name.trim() || !values.description.trim() || !values.teacher_id;
}

/** The request body: the page's grade forced, teacher_id parsed as an integer. */
export function classBody(values: ClassFormValues, grade: number): ClassInput {
  return { name: values.name, description: values.description, grade, teacher_id: parseInt(values.teacher_id, 10) };
}
