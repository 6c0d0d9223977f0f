import { useTranslation } from 'react-i18next';
import type { Student } from '@kelasku/shared-api';
import { ConfirmDialog } from '@kelasku/shared-ui';
import { useLastNonNull } from '../../../hooks/useLastNonNull';

export interface UnassignStudentDialogProps {
  /** the student to take off the class; null: closed */
  student: Student | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Remove … from this class?": the roster's one-student unassign. */
export function UnassignStudentDialog({ student, busy, onConfirm, onClose }: UnassignStudentDialogProps) {
  const { t } = useTranslation('admin');
  // the name stays while the dialog closes
  const shown = useLastNonNull(student);
  return (
    <ConfirmDialog
      open={student !== null}
      title={t('classes.detail.unassignTitle', { name: shown?.name ?? '' })}
      message={t('classes.detail.unassignMessage')}
      confirmLabel={t('classes.detail.unassign')}
      destructive
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
