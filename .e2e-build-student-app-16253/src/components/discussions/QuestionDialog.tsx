import { useEffect, useState } from 'react';
import { Alert } from '@mui/material';
import type { DiscussionInput } from '@kelasku/shared-api';
import { Modal } from '@kelasku/shared-ui';

export interface QuestionDialogProps {
  open: boolean;
  mode: 'ask' | 'edit';
  initial?: DiscussionInput;
  onClose: () => void;
  /** Saves; a rejected promise keeps the dialog open with an error line. */
  onSave: (body: DiscussionInput) => Promise<void>;
}

/** 'Ask a Question' / 'Edit Question' dialog with Topic and Description. */
export function QuestionDialog({ open, mode, initial, onClose, onSave }: QuestionDialogProps) {
  const [topic, setTopic] = useState('');
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setTopic(initial?.topic ?? '');
    setDescription(initial?.description ?? '');
    setProblem(null);
  }, [open, initial]);

  const save = async () => {
    if (!topic.trim()) {
      setProblem('Topic is required.');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      await onSave({ topic: topic.trim(), description: description.trim() });
    } catch {
      setProblem('Could not save your question, please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={mode === 'ask' ? 'Ask a Question' : 'Edit Question'}
      confirmLabel={mode === 'ask' ? 'Post Question' : 'Save Changes'}
      busy={busy}
      onClose={onClose}
      onConfirm={save}
      fields={[
        { label: 'Topic', type: 'text', name: 'topic', value: topic, onChange: (e) => setTopic(e.target.value) },
        { label: 'Description', name: 'description', value: description, onChange: (e) => setDescription(e.target.value) },
      ]}
    >
      {problem && <Alert severity="error">{problem}</Alert>}
    </Modal>
  );
}
