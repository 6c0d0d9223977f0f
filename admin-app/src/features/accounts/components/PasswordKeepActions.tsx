import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';

export interface PasswordKeepActionsProps {
  copied: 'idle' | 'done' | 'failed';
  downloaded: boolean;
  onCopy: () => void;
  onDownload: () => void;
  onDownloadXlsx: () => void;
}

/** Copy, Download (CSV) and Download Excel, and what the last of them did. */
export function PasswordKeepActions({
  copied,
  downloaded,
  onCopy,
  onDownload,
  onDownloadXlsx,
}: PasswordKeepActionsProps) {
  const { t } = useTranslation('admin');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 2, flexWrap: 'wrap' }}>
      <Button startIcon={<ContentCopyIcon />} onClick={onCopy} variant="outlined" size="small">
        {t('accounts.password.copy')}
      </Button>
      <Button startIcon={<DownloadIcon />} onClick={onDownload} variant="outlined" size="small">
        {t('accounts.password.download')}
      </Button>
      <Button startIcon={<DownloadIcon />} onClick={onDownloadXlsx} variant="outlined" size="small">
        {t('accounts.password.downloadExcel')}
      </Button>
      <Typography role="status" variant="body2" color={copied === 'failed' ? 'error' : 'success.main'}>
        {copied === 'done'
          ? t('accounts.password.copied')
          : copied === 'failed'
            ? t('accounts.password.copyFailed')
            : downloaded
              ? t('accounts.password.downloaded')
              : ''}
      </Typography>
    </Box>
  );
}
