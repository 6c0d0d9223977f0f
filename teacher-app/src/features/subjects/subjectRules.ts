export interface SubjectValues {
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

/** The spec's checks in the spec's order; the first failure stops submission. */
export function subjectProblem(values: SubjectValues): string | null {
  if (!values.title.trim()) return 'Title is required.';
  if (!values.description.trim()) return 'Description is required.';
  if (isBlankHtml(values.content)) return 'Content is required.';
  return null;
}
