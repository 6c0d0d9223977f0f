import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Grade } from '@kelasku/shared-api';
import { formatScore } from '@kelasku/shared-ui/src/numbers';
import { hasPendingEssays } from '../submit';

/** The grade right after submitting; OK goes back one screen. */
export function ScoreDialog({ grade, note, onClose }: { grade: Grade | null; note?: string; onClose: () => void }) {
  const { t } = useTranslation('student');
  return (
    <Dialog open={Boolean(grade)} onClose={onClose} aria-labelledby="score-title" aria-describedby="score-text">
      <DialogTitle id="score-title">{t('scoreDialog.title')}</DialogTitle>
      <DialogContent>
        {note && <DialogContentText sx={{ mb: 1 }}>{note}</DialogContentText>}
        <DialogContentText id="score-text" component="div">
          <Typography component="p" sx={{ fontSize: '1.1rem' }}>
            {t('scoreDialog.yourScore')} <strong>{formatScore(grade?.score)}</strong>
          </Typography>
          {grade && hasPendingEssays(grade) && (
            <Typography component="p" variant="body2" sx={{ mt: 1 }}>
              {t('scoreDialog.pendingEssays')}
            </Typography>
          )}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>
          {t('scoreDialog.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
