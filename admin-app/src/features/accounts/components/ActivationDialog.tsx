import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@kelasku/shared-ui/src/ConfirmDialog';
import type { AccountRow } from '../types';

/** Deactivate / Reactivate confirmation. */
export function ActivationDialog({
  open,
  row,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  /** kept while the dialog closes, so its text does not change meanwhile */
  row: AccountRow | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const reactivate = row?.active === false;
  const name = row?.name ?? '';
  return (
    <ConfirmDialog
      open={open}
      title={
        reactivate
          ? t('accounts.activation.reactivateTitle', { name })
          : t('accounts.activation.deactivateTitle', { name })
      }
      message={
        reactivate
          ? t('accounts.activation.reactivateMessage', { name })
          : t('accounts.activation.deactivateMessage', { name })
      }
      confirmLabel={reactivate ? t('accounts.activation.reactivate') : t('accounts.activation.deactivate')}
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
