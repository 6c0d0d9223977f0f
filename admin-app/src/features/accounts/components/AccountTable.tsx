import { stickyActionSx as stickyAction } from '@kelasku/shared-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import PersonOffIcon from '@mui/icons-material/PersonOff';
import LockResetIcon from '@mui/icons-material/LockReset';
import type { AccountRow } from '../types';

export interface AccountTableProps<T extends AccountRow> {
  label: string;
  /** `label`: message key of the column header. */
  columns: { label: string; render: (row: T) => ReactNode }[];
  rows: T[];
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
  onResetPassword: (row: T) => void;
  /** Deactivate (or, when `row.active` is false, reactivate) the login. */
  onToggleActive?: (row: T) => void;
}

/** The account table with edit, reset-password and delete per row; scrolls sideways on phones, Action stays in view. */
export function AccountTable<T extends AccountRow>({ label, columns, rows, onEdit, onDelete, onResetPassword, onToggleActive }: AccountTableProps<T>) {
  const { t } = useTranslation('admin');
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label} sx={{ minWidth: 640 }}>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.label}>{t(c.label)}</TableCell>
            ))}
            <TableCell align="center" sx={stickyAction}>{t('accounts.table.action')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} hover>
              {columns.map((c) => (
                <TableCell key={c.label}>{c.render(row)}</TableCell>
              ))}
              <TableCell align="center" sx={{ ...stickyAction, whiteSpace: 'nowrap' }}>
                <Tooltip title={t('accounts.table.edit')}>
                  <IconButton aria-label={t('accounts.table.editLabel', { name: row.name })} onClick={() => onEdit(row)}>
                    <EditIcon />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('accounts.table.resetPassword')}>
                  <IconButton aria-label={t('accounts.table.resetPasswordLabel', { name: row.name })} onClick={() => onResetPassword(row)}>
                    <LockResetIcon />
                  </IconButton>
                </Tooltip>
                {onToggleActive && (
                  <Tooltip title={row.active === false ? t('accounts.table.reactivate') : t('accounts.table.deactivate')}>
                    <IconButton
                      aria-label={row.active === false ? t('accounts.table.reactivateLabel', { name: row.name }) : t('accounts.table.deactivateLabel', { name: row.name })}
                      onClick={() => onToggleActive(row)}
                    >
                      {row.active === false ? <HowToRegIcon /> : <PersonOffIcon />}
                    </IconButton>
                  </Tooltip>
                )}
                <Tooltip title={t('accounts.table.delete')}>
                  <IconButton aria-label={t('accounts.table.deleteLabel', { name: row.name })} color="error" onClick={() => onDelete(row)}>
                    <DeleteIcon />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
