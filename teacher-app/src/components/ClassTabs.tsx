import { useTranslation } from 'react-i18next';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { classLabel, type TeacherClass } from '../lib/teacher-class';

/** Tabs over a grade's classes (loaded only where the teacher has several: useClassPicker). */
export function ClassTabs({
  classes,
  current,
  onPick,
}: {
  classes: TeacherClass[];
  current: TeacherClass;
  onPick: (id: number) => void;
}) {
  const { t } = useTranslation('teacher');
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
