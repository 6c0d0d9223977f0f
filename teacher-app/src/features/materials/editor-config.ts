import i18next from 'i18next';

// Quill toolbar of the subject editor, as the spec lists it (section 5), with formulas (LaTeX, typeset by KaTeX).
export const MATERIAL_TOOLBAR = [
  [{ header: [1, 2, 3, 4, 5, 6, false] }],
  [{ font: [] }],
  [{ size: ['small', false, 'large', 'huge'] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ color: [] }, { background: [] }],
  [{ script: 'sub' }, { script: 'super' }],
  [{ align: [] }],
  [{ list: 'ordered' }, { list: 'bullet' }],
  [{ indent: '-1' }, { indent: '+1' }],
  ['blockquote', 'code-block'],
  ['link', 'image', 'video', 'formula'],
  ['clean'],
];

/** The spec's placeholder: the English message of 'teacher:subjects.editor.placeholder', which the editor shows. */
export const EDITOR_PLACEHOLDER = 'Fill your subject content here';

/**
 * Image sources the editor keeps (Quill's own Image.sanitize allows the same three schemes), and pictures the server
 * already stored: it moves inline data: images of saved materials to /api/v1/images/<sha256>.<ext>.
 */
export function isAllowedImageSource(src: string): boolean {
  return /^(https?:|data:image\/|\/api\/v1\/images\/[0-9a-f]{64}\.(png|jpg|gif|webp)$)/i.test(src.trim());
}

/**
 * Quill 2's getSemanticHTML writes every space as &nbsp;, which stops lines from wrapping on phones.
 * A lone &nbsp; becomes a normal space; runs keep all but their last one, so the visible width is unchanged.
 */
export function relaxSpaces(html: string): string {
  return html.replace(/&nbsp;(?!&nbsp;)/g, ' ');
}

/** Drops <img> tags whose source is not http, https or data:image (pasted HTML bypasses the toolbar). */
export function dropUnsafeImages(html: string): string {
  return html.replace(/<img\b[^>]*>/gi, (tag) => {
    const src = /\ssrc\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(tag);
    const value = src ? (src[2] ?? src[3] ?? src[4] ?? '') : '';
    return isAllowedImageSource(value) ? tag : '';
  });
}

const PICKER_KEYS = {
  header: 'teacher:subjects.editor.pickers.header',
  font: 'teacher:subjects.editor.pickers.font',
  size: 'teacher:subjects.editor.pickers.size',
  color: 'teacher:subjects.editor.pickers.color',
  background: 'teacher:subjects.editor.pickers.background',
  align: 'teacher:subjects.editor.pickers.align',
} as const;
const isPicker = (format: string): format is keyof typeof PICKER_KEYS => format in PICKER_KEYS;

/** Quill's dropdown pickers have no accessible names: name each picker and each of its choices (active language). */
export function labelToolbarPickers(toolbar: Element): void {
  toolbar.querySelectorAll('.ql-picker').forEach((picker) => {
    const format = Array.from(picker.classList)
      .map((c) => c.replace(/^ql-/, ''))
      .find(isPicker);
    if (!format) return;
    const name = i18next.t(PICKER_KEYS[format]);
    picker.querySelector('.ql-picker-label')?.setAttribute('aria-label', name);
    picker.querySelectorAll('.ql-picker-item').forEach((item) => {
      const value = item.getAttribute('data-value');
      item.setAttribute(
        'aria-label',
        i18next.t('teacher:subjects.editor.pickers.choice', {
          name,
          value: value || i18next.t('teacher:subjects.editor.pickers.normal'),
        }),
      );
    });
  });
}
