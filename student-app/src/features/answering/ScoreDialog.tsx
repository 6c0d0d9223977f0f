import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Grade } from '@kelasku/shared-api';
import { formatScore } from '../../lib/score';
import { hasPendingEssays } from './submit';

/** The grade right after submitting; OK goes back one screen. */
export function ScoreDialog({ grade, note, onClose }: { grade: Grade | null; note?: string; onClose: () => void }) {
  return (
    <Dialog open={Boolean(grade)} onClose={onClose} aria-labelledby="score-title" aria-describedby="score-text">
      <DialogTitle id="score-title">Submitted</DialogTitle>
      <DialogContent>
        {note && <DialogContentText sx={{ mb: 1 }}>{note}</DialogContentText>}
        <DialogContentText id="score-text" component="div">
          <Typography component="p" sx={{ fontSize: '1.1rem' }}>
            Your score: <strong>{formatScore(grade?.score)}</strong>
          </Typography>
          {grade && hasPendingEssays(grade) && (
            <Typography component="p" variant="body2" sx={{ mt: 1 }}>
              Some essay answers are still being scored; your teacher may update this grade.
            </Typography>
          )}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose} autoFocus>OK</Button>
      </DialogActions>
    </Dialog>
  );
}
