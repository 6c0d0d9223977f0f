import { useState } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { parseQuestions, type Exam } from '@kelasku/shared-api';
import { registerMessages } from '@kelasku/shared-ui/src/i18n';
import { LoadingState } from '@kelasku/shared-ui/src/states';
import { classLabel } from '../../../lib/teacher-class';
import { myClassesQuery } from '../../../lib/class-queries';
import { examOfClassQuery } from '../api';

// The dialog's texts come with its own chunk: nothing of it is on a first screen.
registerMessages('teacher-import-exam', (language) => import(`../locales/import/${language}.json`));

export interface ImportExamQuestionsDialogProps {
  /** The class whose exam is being written (its own exam is not offered). */
  classId: number;
  onClose: () => void;
  /** The chosen exam: its questions go into the form, which the teacher then saves. */
  onChoose: (exam: Exam) => void;
}

/** Picks the exam of another of the teacher's classes whose questions prefill this class's exam form. */
export default function ImportExamQuestionsDialog({ classId, onClose, onChoose }: ImportExamQuestionsDialogProps) {
  const { t } = useTranslation('teacher-import-exam');
  const classes = useQuery(myClassesQuery());
  const others = (classes.data ?? []).filter((c) => c.id !== classId);
  const exams = useQueries({ queries: others.map((c) => examOfClassQuery(c.id)) });
  const [chosen, setChosen] = useState<number | null>(null);
  const loading = classes.isPending || exams.some((e) => e.isPending);
  const failed = classes.isError || exams.some((e) => e.isError);
  const offered = others.flatMap((c, i) => {
    const exam = exams[i]?.data;
    return exam ? [{ cls: c, exam, count: parseQuestions(exam.content).length }] : [];
  });
  const pick = offered.find((o) => o.exam.id === chosen);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="import-exam-title">
      <DialogTitle id="import-exam-title">{t('title')}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{t('intro')}</Typography>
        {loading && <LoadingState />}
        {failed && <Alert severity="error">{t('loadFailed')}</Alert>}
        {!loading && !failed && offered.length === 0 && <Typography color="text.secondary">{t('none')}</Typography>}
        {offered.length > 0 && (
          <>
            <FormLabel id="import-exam-classes">{t('classes')}</FormLabel>
            <RadioGroup
              aria-labelledby="import-exam-classes"
              value={chosen ?? ''}
              onChange={(e) => setChosen(Number(e.target.value))}
            >
              {offered.map(({ cls, exam, count }) => (
                <FormControlLabel
                  key={exam.id}
                  value={exam.id}
                  control={<Radio />}
                  label={`${classLabel(cls)}: ${t('questions', { title: exam.title, count })}`}
                />
              ))}
            </RadioGroup>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" disabled={!pick} onClick={() => pick && onChoose(pick.exam)}>
          {t('use')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
