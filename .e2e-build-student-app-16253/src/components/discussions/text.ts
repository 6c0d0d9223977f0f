/** Plain text of stored (sanitized) HTML, for pre-filling edit fields: '&lt;' becomes '<', tags are dropped. */
export function htmlToText(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return doc.body.textContent ?? '';
}
