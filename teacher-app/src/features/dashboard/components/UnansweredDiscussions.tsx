import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { getData, type UnansweredOfTeacher } from '@kelasku/shared-api';
import { registerMessages } from '@kelasku/shared-ui/src/i18n';
import { CLASS_PARAM } from '../../../lib/teacher-class';
import { dashboardKeys } from '../../../lib/query-keys';

// Its texts in a namespace of their own, like its code fetched after the dashboard is usable.
registerMessages('teacher-discussions', (language) => import(`../locales/discussions/${language}.json`));

/** Read here, not in the dashboard's api.ts: the dashboard's first screen carries none of this. */
export const unansweredOfTeacherQuery = () => ({
  queryKey: [...dashboardKeys.all, 'unanswered-discussions'] as const,
  queryFn: () => getData<UnansweredOfTeacher>('/discussions-material/unanswered/mine'),
});

/**
 * The dashboard's reminder: how many students' discussion topics on the teacher's materials no teacher has answered
 * yet, with a link per class to its subjects, where each material card shows its own count. Rendered (and its chunk
 * fetched) only after the dashboard is usable; one small read.
 */
export default function UnansweredDiscussions() {
  const { t } = useTranslation('teacher-discussions');
  const unanswered = useQuery(unansweredOfTeacherQuery());
  return (
    <Paper component="section" aria-labelledby="panel-discussions" sx={{ p: 2.5, minWidth: 0 }}>
      <Typography id="panel-discussions" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {t('title')}
      </Typography>
      {unanswered.isError ? (
        <Typography color="text.secondary">{t('failed')}</Typography>
      ) : !unanswered.data ? (
        <Typography color="text.secondary">{t('loading')}</Typography>
      ) : unanswered.data.total === 0 ? (
        <Typography color="text.secondary">{t('none')}</Typography>
      ) : (
        <>
          <Typography role="status" sx={{ fontWeight: 600 }}>
            {t('waiting', { count: unanswered.data.total })}
          </Typography>
          <List dense disablePadding>
            {unanswered.data.classes.map((c) => (
              <ListItem key={c.class_id} disableGutters>
                <Link component={RouterLink} to={`/ManageSubjects${c.grade}?${CLASS_PARAM}=${c.class_id}`}>
                  {t('inClass', { name: c.name, count: c.unanswered })}
                </Link>
              </ListItem>
            ))}
          </List>
        </>
      )}
    </Paper>
  );
}
