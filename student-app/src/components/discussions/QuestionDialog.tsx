import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import { fieldError, type DiscussionInput } from '@kelasku/shared-api';
import { Modal } from '@kelasku/shared-ui';
import { useChanged } from '@kelasku/shared-ui/src/useChanged';
import { MAX_DESCRIPTION_BYTES, MAX_TOPIC_BYTES, overBytes } from '@kelasku/shared-rules';

export interface QuestionDialogProps {
  open: boolean;
  mode: 'ask' | 'edit';
  initial?: DiscussionInput;
  onClose: () => void;
  /** Saves (the board's mutation); a rejected promise keeps the dialog open with the server's reason. */
  onSave: (body: DiscussionInput) => Promise<void>;
  /** The save is on its way (the mutation's isPending). */
  saving: boolean;
}

/** 'Ask a Question' / 'Edit Question' dialog with Topic and Description. */
export function QuestionDialog({ open, mode, initial, onClose, onSave, saving }: QuestionDialogProps) {
  const { t } = useTranslation('student');
  const [topic, setTopic] = useState('');
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  /** The server's reason for a refused save, at the field it is about until that field changes. */
  const [refused, setRefused] = useState<{ field: 'topic' | 'description'; message: string } | null>(null);

  // Opened (or given another question while open): the form starts over.
  const openChanged = useChanged(open);
  const initialChanged = useChanged(initial);
  if (open && (openChanged || initialChanged)) {
    setTopic(initial?.topic ?? '');
    setDescription(initial?.description ?? '');
    setProblem(null);
    setRefused(null);
  }

  const save = async () => {
    if (!topic.trim()) {
      setProblem(t('questionDialog.topicRequired'));
      return;
    }
    // The server's caps, by the same rule: a text it would refuse is not sent.
    if (overBytes(topic.trim(), MAX_TOPIC_BYTES)) {
      setRefused({ field: 'topic', message: t('questionDialog.topicTooLarge', { limit: MAX_TOPIC_BYTES }) });
      return;
    }
    if (overBytes(description.trim(), MAX_DESCRIPTION_BYTES)) {
      setRefused({
        field: 'description',
        message: t('questionDialog.descriptionTooLarge', { limit: MAX_DESCRIPTION_BYTES }),
      });
      return;
    }
    setProblem(null);
    setRefused(null);
    try {
      await onSave({ topic: topic.trim(), description: description.trim() });
    } catch (err) {
      const { field, message } = fieldError(err);
      if (message && (field === 'topic' || field === 'description')) setRefused({ field, message });
      else
        setProblem(
          message ? t('questionDialog.saveFailedBecause', { reason: message }) : t('questionDialog.saveFailed'),
        );
    }
  };

  const at = (field: 'topic' | 'description') => (refused?.field === field ? refused.message : undefined);
  const clearRefused = (field: 'topic' | 'description') => setRefused((r) => (r?.field === field ? null : r));

  return (
    <Modal
      open={open}
      title={mode === 'ask' ? t('questionDialog.askTitle') : t('questionDialog.editTitle')}
      confirmLabel={mode === 'ask' ? t('questionDialog.post') : t('questionDialog.saveChanges')}
      busy={saving}
      onClose={onClose}
      onConfirm={() => void save()}
      fields={[
        {
          label: t('questionDialog.topic'),
          name: 'topic',
          type: 'text',
          value: topic,
          onChange: (e) => {
            setTopic(e.target.value);
            clearRefused('topic');
          },
          problem: at('topic'),
        },
        {
          label: t('questionDialog.description'),
          name: 'description',
          value: description,
          onChange: (e) => {
            setDescription(e.target.value);
            clearRefused('description');
          },
          problem: at('description'),
        },
      ]}
    >
      {problem && <Alert severity="error">{problem}</Alert>}
    </Modal>
  );
}
