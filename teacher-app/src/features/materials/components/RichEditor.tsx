import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { preparePicture } from '@kelasku/shared-rules/src/picture-upload';
import { MATERIAL_TOOLBAR, dropUnsafeImages, labelToolbarPickers, relaxSpaces } from '../editor-config';
import { pictureErrorText } from '../../../lib/picture-error-text';
import { noReferrerImage, type ImageClass } from '../no-referrer-image';
import { addFormulaPreview, registerFormula } from '../editor-formula';

// Pictures from other sites in a material being edited are fetched without a referrer (no-referrer-image.ts).
Quill.register('formats/image', noReferrerImage(Quill.import('formats/image') as ImageClass), true);
registerFormula();

export interface RichEditorProps {
  /** Initial HTML; the editor owns its content afterwards. */
  initialValue: string;
  onChange: (html: string) => void;
  /** Accessible name of the editing area. */
  label: string;
}

/**
 * Quill 2 (snow theme) with the spec's toolbar and formulas (LaTeX with a live preview, editor-formula.ts). Loaded
 * lazily, KaTeX with it: only the subject create/edit screens need them.
 */
export default function RichEditor({ initialValue, onChange, label }: RichEditorProps) {
  const { t } = useTranslation('teacher');
  const hostRef = useRef<HTMLDivElement>(null);
  // Quill's listener is added once per editor: it calls the latest onChange through this ref, written after each
  // render (never during one) and before any edit can reach the listener.
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });
  /** What the editor shows when (re)built: the initial HTML, then the latest edit (a new language rebuilds it). */
  const contentRef = useRef(initialValue);
  const quillRef = useRef<Quill | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);

  // Quill's own picture button inserts the file as it is: a phone photo would then be refused on save.
  const insertPicture = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    const quill = quillRef.current;
    if (!file || !quill) return;
    setPictureError(null);
    try {
      const dataUrl = await preparePicture(file);
      const at = quill.getSelection(true)?.index ?? quill.getLength() - 1;
      quill.insertEmbed(at, 'image', dataUrl, 'user');
    } catch (err) {
      setPictureError(pictureErrorText(err));
    }
  };

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return undefined;
    const container = host.appendChild(document.createElement('div'));
    const quill = new Quill(container, {
      theme: 'snow',
      placeholder: t('subjects.editor.placeholder'),
      modules: { toolbar: { container: MATERIAL_TOOLBAR, handlers: { image: () => fileRef.current?.click() } } },
    });
    quillRef.current = quill;
    if (contentRef.current) {
      quill.setContents(quill.clipboard.convert({ html: dropUnsafeImages(contentRef.current) }), 'silent');
    }
    const toolbar = quill.getModule('toolbar') as { container?: Element } | undefined;
    if (toolbar?.container) {
      labelToolbarPickers(toolbar.container);
      toolbar.container.querySelector('button.ql-formula')?.setAttribute('aria-label', t('subjects.editor.formula'));
    }
    const removePreview = addFormulaPreview(
      quill,
      t('subjects.editor.formulaBox'),
      t('subjects.editor.formulaPreview'),
    );
    quill.root.setAttribute('role', 'textbox');
    quill.root.setAttribute('aria-multiline', 'true');
    quill.root.setAttribute('aria-label', label);
    quill.on('text-change', () => {
      const empty = quill.getLength() <= 1 && !quill.root.querySelector('img, iframe');
      contentRef.current = empty ? '' : dropUnsafeImages(relaxSpaces(quill.getSemanticHTML()));
      onChangeRef.current(contentRef.current);
    });
    return () => {
      // StrictMode mounts twice: remove both the toolbar and the editor Quill added.
      removePreview();
      host.innerHTML = '';
      quillRef.current = null;
    };
    // Quill takes its placeholder and toolbar names once: a new language builds a new editor, with the text as typed.
  }, [label, t]);

  return (
    <>
      <Box
        ref={hostRef}
        sx={{
          bgcolor: '#fff',
          '& .ql-toolbar': { borderRadius: '8px 8px 0 0', flexWrap: 'wrap' },
          '& .ql-container': { borderRadius: '0 0 8px 8px', minHeight: 260, fontSize: '1rem' },
          '& .ql-editor': { minHeight: 260 },
          // height: auto keeps the proportions of a picture whose width and height the server wrote on its tag.
          '& .ql-editor img': { maxWidth: '100%', height: 'auto' },
          '& .formula-preview': { mt: 1, maxWidth: '100%', overflowX: 'auto', fontSize: '1.1rem' },
          '& .ql-tooltip:not([data-mode="formula"]) .formula-preview': { display: 'none' },
        }}
      />
      <input
        ref={fileRef}
        type="file"
        accept="image/*"
        hidden
        aria-label={t('subjects.editor.picture', { label: label.toLowerCase() })}
        onChange={(event) => void insertPicture(event)}
      />
      {pictureError && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1 }}>
          {pictureError}
        </Typography>
      )}
    </>
  );
}
