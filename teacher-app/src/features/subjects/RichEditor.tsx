import { useEffect, useRef } from 'react';
import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import { Box } from '@mui/material';
import { EDITOR_PLACEHOLDER, SUBJECT_TOOLBAR, dropUnsafeImages, labelToolbarPickers, relaxSpaces } from './editorConfig';

export interface RichEditorProps {
  /** Initial HTML; the editor owns its content afterwards. */
  initialValue: string;
  onChange: (html: string) => void;
  /** Accessible name of the editing area. */
  label: string;
}

/** Quill 2 (snow theme) with the spec's toolbar. Loaded lazily: only the subject create/edit screens need it. */
export default function RichEditor({ initialValue, onChange, label }: RichEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const initialRef = useRef(initialValue);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return undefined;
    const container = host.appendChild(document.createElement('div'));
    const quill = new Quill(container, {
      theme: 'snow',
      placeholder: EDITOR_PLACEHOLDER,
      modules: { toolbar: SUBJECT_TOOLBAR },
    });
    if (initialRef.current) {
      quill.setContents(quill.clipboard.convert({ html: dropUnsafeImages(initialRef.current) }), 'silent');
    }
    const toolbar = quill.getModule('toolbar') as { container?: Element } | undefined;
    if (toolbar?.container) labelToolbarPickers(toolbar.container);
    quill.root.setAttribute('role', 'textbox');
    quill.root.setAttribute('aria-multiline', 'true');
    quill.root.setAttribute('aria-label', label);
    quill.on('text-change', () => {
      const empty = quill.getLength() <= 1 && !quill.root.querySelector('img, iframe');
      onChangeRef.current(empty ? '' : dropUnsafeImages(relaxSpaces(quill.getSemanticHTML())));
    });
    return () => {
      // StrictMode mounts twice: remove both the toolbar and the editor Quill added.
      host.innerHTML = '';
    };
  }, [label]);

  return (
    <Box
      ref={hostRef}
      sx={{
        bgcolor: '#fff',
        '& .ql-toolbar': { borderRadius: '8px 8px 0 0', flexWrap: 'wrap' },
        '& .ql-container': { borderRadius: '0 0 8px 8px', minHeight: 260, fontSize: '1rem' },
        '& .ql-editor': { minHeight: 260 },
        '& .ql-editor img': { maxWidth: '100%' },
      }}
    />
  );
}
