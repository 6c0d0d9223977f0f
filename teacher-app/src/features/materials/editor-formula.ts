/**
 * Quill's formula blot for the material editor, typeset with KaTeX (this module is part of the editor's lazy chunk).
 *
 * Quill's own blot saves a formula as `<span>LaTeX</span>` (unescaped, and without its LaTeX attribute): here it is
 * saved as `<span class="ql-formula" data-value="LaTeX">LaTeX</span>`, both escaped. The server keeps data-value on
 * exactly that element; readers typeset it, and a reader without KaTeX shows the LaTeX text.
 */
import katex from 'katex';
import 'katex/dist/katex.min.css';
import Quill from 'quill';
import { FORMULA_CLASS } from '@kelasku/shared-rules';

/** The text escaped for HTML text and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A formula as the editor stores it. */
export const formulaHtml = (latex: string): string => {
  const escaped = escapeHtml(latex);
  return `<span class="${FORMULA_CLASS}" data-value="${escaped}">${escaped}</span>`;
};

/** Quill's formula blot: its value is the LaTeX it shows. */
type EmbedClass = { new (...args: never[]): { value(): { formula?: string } } };

let registered = false;

/** Makes KaTeX available to Quill's formula blot and registers the blot that stores its LaTeX. Runs once. */
export function registerFormula(): void {
  if (registered) return;
  registered = true;
  (window as unknown as { katex: typeof katex }).katex = katex;
  const Formula = Quill.import('formats/formula') as EmbedClass;
  class StoredFormula extends Formula {
    html(): string {
      return formulaHtml(this.value().formula ?? '');
    }
  }
  Quill.register('formats/formula', StoredFormula as never, true);
}

/**
 * A live preview under the formula box of Quill's tooltip: the LaTeX typeset as it is typed (KaTeX's error colour
 * while it does not parse). `label` names the box for screen readers. Returns a cleanup.
 */
export function addFormulaPreview(quill: Quill, label: string, previewLabel: string): () => void {
  const tooltip = (
    quill.theme as unknown as { tooltip?: { root: HTMLElement; textbox: HTMLInputElement | null } } | undefined
  )?.tooltip;
  const box = tooltip?.textbox;
  if (!tooltip || !box) return () => undefined;
  box.setAttribute('aria-label', label);
  const preview = document.createElement('div');
  preview.className = 'formula-preview';
  preview.setAttribute('role', 'status');
  preview.setAttribute('aria-label', previewLabel);
  tooltip.root.appendChild(preview);
  const update = () => {
    if (tooltip.root.getAttribute('data-mode') !== 'formula' || !box.value.trim()) {
      preview.replaceChildren();
      return;
    }
    katex.render(box.value, preview, { throwOnError: false, trust: false, strict: 'ignore' });
  };
  box.addEventListener('input', update);
  // Opening the box (another mode, or a fresh formula) clears what an earlier one showed.
  const observer = new MutationObserver(update);
  observer.observe(tooltip.root, { attributes: true, attributeFilter: ['data-mode', 'class'] });
  return () => {
    box.removeEventListener('input', update);
    observer.disconnect();
  };
}
