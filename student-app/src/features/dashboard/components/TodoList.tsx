import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link as RouterLink } from 'react-router-dom';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import Assignment from '@mui/icons-material/Assignment';
import EventNote from '@mui/icons-material/EventNote';
import MenuBook from '@mui/icons-material/MenuBook';
import { useQuery } from '@tanstack/react-query';
import type { StudentTodo } from '@kelasku/shared-api';
import { formatDateId, formatWibRange, formatWibTime } from '@kelasku/shared-ui/src/dates';
import { ErrorState, LoadingState } from '@kelasku/shared-ui/src/states';
import { awaitsData } from '../../../lib/query-state';
import { currentStudentId } from '../../../lib/student';
import { studentTodoQuery } from '../api';
import { isNewMaterial, readSeen } from '../../../lib/seen';

interface Entry {
  key: string;
  to: string;
  primary: string;
  secondary: string;
}

function examWhen(t: TFunction<'student'>, x: StudentTodo['exams'][number]): string {
  return x.status === 'Active'
    ? t('todo.openUntil', { time: formatWibTime(x.end_time) })
    : `${formatDateId(x.start_time, { weekday: true })}, ${formatWibRange(x.start_time, x.end_time)}`;
}

/** What the student has to do now, each entry one tap from its page: open and coming exams, unsubmitted exercises, new materials. */
export function TodoList() {
  const { t } = useTranslation('student');
  const query = useQuery(studentTodoQuery());
  const { data } = query;
  const loading = awaitsData(query);
  const seen = readSeen(currentStudentId());
  const groups: { label: string; icon: ReactNode; entries: Entry[] }[] = data
    ? [
        {
          label: t('todo.groups.exams'),
          icon: <EventNote />,
          entries: data.exams.map((x) => ({
            key: `x${x.id}`,
            to: `/MyExams?class_id=${x.class_id}`,
            primary: x.title,
            secondary: `${x.class_name} · ${examWhen(t, x)}`,
          })),
        },
        {
          label: t('todo.groups.exercises'),
          icon: <Assignment />,
          entries: data.exercises.map((e) => ({
            key: `e${e.id}`,
            to: `/MyTask?material_id=${e.material_id}`,
            primary: e.title,
            secondary: `${e.class_name} · ${e.material_title}${e.started ? ` · ${t('todo.started')}` : ''}`,
          })),
        },
        {
          label: t('todo.groups.materials'),
          icon: <MenuBook />,
          entries: data.materials
            .filter((m) => isNewMaterial(seen, m))
            .map((m) => ({
              key: `m${m.id}`,
              to: `/MyDetailSubject/${m.id}?class_id=${m.class_id}`,
              primary: m.title,
              secondary: `${m.class_name} · ${t('todo.added', { date: formatDateId(m.created_at) })}`,
            })),
        },
      ].filter((g) => g.entries.length > 0)
    : [];

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, mt: 3 }} component="section" aria-labelledby="todo-heading">
      <Typography id="todo-heading" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {t('todo.title')}
      </Typography>
      {loading && <LoadingState />}
      {!loading && !data && (
        <ErrorState message={t('todo.error')} error={query.error} onRetry={() => void query.refetch()} />
      )}
      {!loading && data && groups.length === 0 && <Typography color="text.secondary">{t('todo.empty')}</Typography>}
      {groups.map((g, i) => (
        <List
          key={g.label}
          dense
          aria-labelledby={`todo-group-${i}`}
          subheader={
            <ListSubheader id={`todo-group-${i}`} disableSticky sx={{ px: 0, bgcolor: 'transparent' }}>
              {g.label}
            </ListSubheader>
          }
        >
          {g.entries.map((entry) => (
            <ListItem key={entry.key} disablePadding>
              <ListItemButton component={RouterLink} to={entry.to} sx={{ borderRadius: 1, minHeight: 48 }}>
                <ListItemIcon sx={{ minWidth: 40 }}>{g.icon}</ListItemIcon>
                <ListItemText
                  primary={entry.primary}
                  secondary={entry.secondary}
                  slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      ))}
    </Paper>
  );
}
