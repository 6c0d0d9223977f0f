import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import LockResetIcon from '@mui/icons-material/LockReset';
import type { AccountRow } from '../types';

export interface AccountActionsProps<T extends AccountRow> {
  row: T;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
  onResetPassword: (row: T) => void;
  /** Deactivate (or, when `row.active` is false, reactivate) the login. */
  onToggleActive: (row: T) => void;
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
      <Tooltip title={t('accounts.table.edit')}>
        <IconButton aria-label={t('accounts.table.editLabel', { name: row.name })} onClick={() => onEdit(row)}>
          <EditIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={t('accounts.table.resetPassword')}>
        <IconButton
          aria-label={t('accounts.table.resetPasswordLabel', { name: row.name })}
          onClick={() => onResetPassword(row)}
        >
          <LockResetIcon />
        </IconButton>
      </Tooltip>
      <Tooltip title={inactive ? t('accounts.table.reactivate') : t('accounts.table.deactivate')}>
        <IconButton
          aria-label={
            inactive
              ? t('accounts.table.reactivateLabel', { name: row.name })
              : t('accounts.table.deactivateLabel', { name: row.name })
          }
          onClick={() => onToggleActive(row)}
        >
          {inactive ? <HowToRegIcon /> : <PersonOffIcon />}
        </IconButton>
      </Tooltip>
      <Tooltip title={t('accounts.table.delete')}>
        <IconButton
          aria-label={t('accounts.table.deleteLabel', { name: row.name })}
          color="error"
          onClick={() => onDelete(row)}
        >
          <DeleteIcon />
        </IconButton>
      </Tooltip>
    </>
  );
}
