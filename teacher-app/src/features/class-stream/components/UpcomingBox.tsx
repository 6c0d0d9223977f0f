import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatDateId, formatWibRange } from '@kelasku/shared-ui';
import type { Exam, Material } from '@kelasku/shared-api';
import { useExamStatusText } from '../../../hooks/useExamStatusText';

/** 'Upcoming Task & Exams': the class's exam while it is not over, and the exercises students can work on. */
export function UpcomingBox({ exam, materials }: { exam: Exam | null; materials: Material[] }) {
  const { t } = useTranslation('teacher');
  const statusText = useExamStatusText();
  const openExam = exam && exam.status !== 'Completed' ? exam : null;
  const tasks = materials.filter((m) => m.exercise_id != null);
  return (
    <Paper variant="outlined" component="aside" aria-labelledby="upcoming-heading" sx={{ p: 2 }}>
      <Typography id="upcoming-heading" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {t('classStream.upcoming.title')}
      </Typography>
      {!openExam && tasks.length === 0 ? (
        <Typography color="text.secondary">{t('classStream.upcoming.none')}</Typography>
      ) : (
        <List dense disablePadding>
          {openExam && (
            <ListItem disableGutters>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={`/PreviewAnExam?class_id=${openExam.class_id}`}>
                    {t('classStream.upcoming.exam', { title: openExam.title })}
                  </Link>
                }
                secondary={t('classStream.upcoming.examWhen', {
                  date: formatDateId(openExam.start_time),
                  time: formatWibRange(openExam.start_time, openExam.end_time),
                  status: statusText(openExam.status),
                })}
              />
            </ListItem>
          )}
          {tasks.slice(0, 6).map((m) => (
            <ListItem key={m.id} disableGutters>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={`/PreviewExercise?material_id=${m.id}`}>
                    {t('classStream.upcoming.task', { title: m.title })}
                  </Link>
                }
                secondary={t('classStream.upcoming.noDeadline')}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
