import { useTranslation } from 'react-i18next';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { classLabel, type TeacherClass } from '../lib/teacher-class';

/** Tabs over a grade's classes; nothing at all when the teacher has only one class there. */
export function ClassPicker({
  classes,
  current,
  onPick,
}: {
  classes: TeacherClass[];
  current: TeacherClass | null;
  onPick: (id: number) => void;
}) {
  const { t } = useTranslation('teacher');
  if (classes.length < 2 || !current) return null;
  return (
    <Tabs
      value={current.id}
      onChange={(_, id: number) => onPick(id)}
      aria-label={t('lib.classPicker')}
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      {classes.map((c) => (
        <Tab key={c.id} value={c.id} label={classLabel(c)} />
      ))}
    </Tabs>
  );
}
