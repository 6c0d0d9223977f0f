import i18next from 'i18next';

export interface MaterialValues {
  title: string;
  description: string;
  /** HTML from the rich editor ('' when empty). */
  content: string;
}

/** True when rich HTML shows nothing: no text and no embedded image or video. */
export function isBlankHtml(html: string): boolean {
  if (/<(img|iframe|video)\b/i.test(html)) return false;
  const text = html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\u00a0/g, ' ');
  return text.trim() === '';
}

/** The spec's checks in the spec's order; the first failure stops submission (its text in the active language). */
export function materialProblem(values: MaterialValues): string | null {
  if (!values.title.trim()) return i18next.t('teacher:subjects.form.titleRequired');
  if (!values.description.trim()) return i18next.t('teacher:subjects.form.descriptionRequired');
  if (isBlankHtml(values.content)) return i18next.t('teacher:subjects.form.contentRequired');
  return null;
}
