import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { downloadCsv } from '@kelasku/shared-api/src/csv';
import { useLastNonNull } from '../../../hooks/useLastNonNull';
import { NotedCheckbox } from './NotedCheckbox';
import { PasswordCredentials } from './PasswordCredentials';
import { PasswordKeepActions } from './PasswordKeepActions';

export interface ShownPassword {
  title: string;
  name: string;
  /** 'NIS' or 'NIP': what the person signs in with. */
  loginLabel: string;
  login: string;
  password: string;
}

/**
 * Shows a new account's (or a reset) password once. It is never shown again, so the dialog closes only through Done
 * (not Esc, not a click beside it), and Done waits until the password was copied, downloaded or noted.
 */
export function PasswordDialog({ shown: current, onClose }: { shown: ShownPassword | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const shown = useLastNonNull(current);
  const [copied, setCopied] = useState<'idle' | 'done' | 'failed'>('idle');
  const [downloaded, setDownloaded] = useState(false);
  const [noted, setNoted] = useState(false);
  const kept = copied === 'done' || downloaded || noted;

  const copy = async () => {
    if (!shown) return;
    try {
      // navigator.clipboard is missing outside secure contexts (a school server on plain http)
      await navigator.clipboard.writeText(
        t('accounts.password.clipboard', {
          loginLabel: shown.loginLabel,
          login: shown.login,
          password: shown.password,
        }),
      );
      setCopied('done');
    } catch {
      setCopied('failed');
    }
  };
  // The file's column headers stay in English in every language: other systems read them.
  const rows = (s: ShownPassword) => [
    ['name', s.loginLabel.toLowerCase(), 'password'],
    [s.name, s.login, s.password],
  ];
  const download = () => {
    if (!shown) return;
    downloadCsv(`password-${shown.login}.csv`, rows(shown));
    setDownloaded(true);
  };
  // The Excel writer loads only on this click; Done is enabled once the file is really saved.
  const downloadXlsx = async () => {
    if (!shown) return;
    try {
      const xlsx = await import('@kelasku/shared-api/src/xlsx');
      await xlsx.downloadXlsx(`password-${shown.login}.xlsx`, rows(shown), 'Password'); // the sheet's name, like the headers, is the file's
      setDownloaded(true);
    } catch {
      // Nothing saved: the CSV download, Copy and the tick are still there.
    }
  };
  const close = () => {
    setCopied('idle');
    setDownloaded(false);
    setNoted(false);
    onClose();
  };
  // no onClose: Esc and a click on the backdrop do nothing
  return (
    <Dialog open={current !== null} aria-labelledby="password-dialog-title" aria-describedby="password-dialog-text">
      <DialogTitle id="password-dialog-title">{shown?.title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="password-dialog-text">
          {t('accounts.password.intro', { name: shown?.name })}
        </DialogContentText>
        <PasswordCredentials shown={shown} />
        <PasswordKeepActions
          copied={copied}
          downloaded={downloaded}
          onCopy={() => void copy()}
          onDownload={download}
          onDownloadXlsx={() => void downloadXlsx()}
        />
        <NotedCheckbox checked={noted} onChange={setNoted} />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" disabled={!kept} onClick={close}>
          {t('form.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
