// The texts of a class's term of exams and of its gradebook: their own 'term' namespace, registered by the lazy
// screens that import this module (so the teacher's first screens carry none of it).
import { registerMessages } from '@kelasku/shared-ui/src/i18n';
import type { TFunction } from 'i18next';

registerMessages('term', (language) => import(`./locales/term/${language}.json`));

export const TERM_NS = 'term';

/** An exam's kind as the teacher reads it: the kind's name, or the name the teacher gave an exam of kind other. */
export function examKindText(t: TFunction<'term'>, exam: { kind?: string; kind_label?: string | null }): string {
  switch (exam.kind ?? 'daily') {
    case 'midterm':
      return t('term:kind.midterm');
    case 'final':
      return t('term:kind.final');
    case 'other':
      return exam.kind_label?.trim() || t('term:kind.other');
    default:
      return t('term:kind.daily');
  }
}
