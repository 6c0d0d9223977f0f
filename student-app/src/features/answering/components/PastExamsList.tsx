import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { formatDateId } from '@kelasku/shared-ui/src/dates';
import { pastExamsQuery } from '../api';

/** The class's closed exams, each leading to the student's result of it. Nothing while there is none. */
export function PastExamsList({ classId, currentExamId }: { classId: number; currentExamId?: number }) {
  const { t } = useTranslation('student');
  const exams = useQuery(pastExamsQuery(classId));
  const past = (exams.data ?? []).filter((e) => e.closed_at != null && e.id !== currentExamId);
  if (past.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="past-exams" sx={{ mt: 3 }}>
      <Typography id="past-exams" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {t('exam.pastExams')}
      </Typography>
      <List disablePadding>
        {past.map((e) => (
          <ListItem key={e.id} disableGutters>
            <Link
              component={RouterLink}
              to={`/MyExams?class_id=${classId}&exam_id=${e.id}`}
              sx={{ overflowWrap: 'anywhere' }}
            >
              {e.title} — {formatDateId(e.start_time)}
            </Link>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}
