import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import LockResetIcon from '@mui/icons-material/LockReset';
import { HintTooltip } from '../../../components/HintTooltip';
import { preloadDialogsOf } from './AccountDialogs';
import type { AccountRow } from '../types';

export interface AccountActionsProps<T extends AccountRow> {
  row: T;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
  onResetPassword: (row: T) => void;
  /** Deactivate (or, when `row.active` is false, reactivate) the login. */
  onToggleActive: (row: T) => void;
}

/** One Action button: its icon, its hint, the row's name in its label; what it opens loads as the pointer or focus reaches it. */
function ActionButton({
  hint,
  label,
  opens,
  color,
  onClick,
  children,
}: {
  hint: string;
  label: string;
  opens: Parameters<typeof preloadDialogsOf>[0];
  color?: 'error';
  onClick: () => void;
  children: ReactNode;
}) {
  const preload = () => preloadDialogsOf(opens);
  return (
    <HintTooltip hint={hint}>
      <IconButton aria-label={label} color={color} onClick={onClick} onPointerEnter={preload} onFocus={preload}>
        {children}
      </IconButton>
    </HintTooltip>
  );
}

/** An account row's Action buttons: edit, reset password, deactivate or reactivate, delete. */
export function AccountActions<T extends AccountRow>({
  row,
  onEdit,
  onDelete,
  onResetPassword,
  onToggleActive,
}: AccountActionsProps<T>) {
  const { t } = useTranslation('admin');
  const inactive = row.active === false;
  return (
    <>
      <ActionButton
        hint={t('accounts.table.edit')}
        label={t('accounts.table.editLabel', { name: row.name })}
        opens="edit"
        onClick={() => onEdit(row)}
      >
        <EditIcon />
      </ActionButton>
      <ActionButton
        hint={t('accounts.table.resetPassword')}
        label={t('accounts.table.resetPasswordLabel', { name: row.name })}
        opens="resetPassword"
        onClick={() => onResetPassword(row)}
      >
        <LockResetIcon />
      </ActionButton>
      <ActionButton
        hint={inactive ? t('accounts.table.reactivate') : t('accounts.table.deactivate')}
        label={
          inactive
            ? t('accounts.table.reactivateLabel', { name: row.name })
            : t('accounts.table.deactivateLabel', { name: row.name })
        }
        opens="toggleActive"
        onClick={() => onToggleActive(row)}
      >
        {inactive ? <HowToRegIcon /> : <PersonOffIcon />}
      </ActionButton>
      <ActionButton
        hint={t('accounts.table.delete')}
        label={t('accounts.table.deleteLabel', { name: row.name })}
        opens="delete"
        color="error"
        onClick={() => onDelete(row)}
      >
        <DeleteIcon />
      </ActionButton>
    </>
  );
}
