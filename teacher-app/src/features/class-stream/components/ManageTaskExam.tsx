import type { SyntheticEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { LoadFailure, LoadingState, NotFoundState } from '@kelasku/shared-ui';
import { LinkMenuButton } from '../../../components/LinkMenuButton';
import { parsePositiveInt } from '../../../lib/params';
import { gradeLabel } from '../../../lib/teacher-class';
import '../../../lib/term-i18n';
import { PAGE_PARAM } from '@kelasku/shared-ui/src/usePageParam';
import { classOverviewQuery } from '../api';
import { StreamTab } from './StreamTab';
import { ClassworkTab } from './ClassworkTab';
import { PeopleTab } from './PeopleTab';
import { UpcomingBox } from './UpcomingBox';
import { PageTitle } from '@kelasku/shared-ui/src/PageTitle';

const TABS = ['stream', 'classwork', 'people'] as const;
type TabName = (typeof TABS)[number];
const TAB_LABELS = {
  stream: 'classStream.tabs.stream',
  classwork: 'classStream.tabs.classwork',
  people: 'classStream.tabs.people',
} as const;

function CreateMenu({ classId }: { classId: number }) {
  const { t } = useTranslation('teacher');
  const links = [
    { label: t('classStream.create.task'), to: `/create-task?class_id=${classId}` },
    { label: t('classStream.create.exam'), to: `/create-exam?class_id=${classId}` },
  ];
  return (
    <LinkMenuButton menuId="create-menu" variant="contained" startIcon={<AddIcon />} links={links}>
      {t('classStream.create.button')}
    </LinkMenuButton>
  );
}

/** The class's gradebook (every exercise and exam, closed ones too). */
function GradebookLink({ classId }: { classId: number }) {
  const { t } = useTranslation('term');
  return (
    <Button variant="outlined" component={RouterLink} to={`/Gradebook?class_id=${classId}`}>
      {t('term:gradebook.open')}
    </Button>
  );
}

/** /ManageTaskExam?class_id=: the class stream with Stream, Classwork and People tabs (tab kept in the URL). */
export default function ManageTaskExam() {
  const { t } = useTranslation('teacher');
  const [params, setParams] = useSearchParams();
  const classId = parsePositiveInt(params.get('class_id'));
  const tab: TabName = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as TabName)
    : 'stream';
  const overview = useQuery({ ...classOverviewQuery(classId ?? 0), enabled: classId != null });

  if (!classId)
    return (
      <NotFoundState
        message={t('classStream.noneChosen')}
        backTo="/DashboardTeacher"
        backLabel={t('classStream.backToDashboard')}
      />
    );
  if (!overview.data) {
    if (!overview.isError) return <LoadingState />;
    return (
      <LoadFailure
        error={overview.error}
        what={t('classStream.what')}
        failed={t('classStream.loadFailed')}
        onRetry={() => void overview.refetch()}
        backTo="/DashboardTeacher"
        backLabel={t('classStream.backToDashboard')}
      />
    );
  }
  const { info, materials, exam } = overview.data;

  const changeTab = (_: SyntheticEvent, value: TabName) => {
    const next = new URLSearchParams(params);
    next.set('tab', value);
    next.delete(PAGE_PARAM); // the page was the roster's
    setParams(next, { replace: true });
  };

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Box>
          <PageTitle>{info.name ? t('classStream.className', { name: info.name }) : t('classStream.title')}</PageTitle>
          {info.grade > 0 && <Typography color="text.secondary">{gradeLabel(info.grade)}</Typography>}
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <GradebookLink classId={classId} />
          <CreateMenu classId={classId} />
        </Stack>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 300px' },
          alignItems: 'start',
        }}
      >
        <Paper sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }}>
          <Tabs
            value={tab}
            onChange={changeTab}
            aria-label={t('classStream.tabs.label')}
            variant="scrollable"
            allowScrollButtonsMobile
            sx={{ mb: 2 }}
          >
            {TABS.map((name) => (
              <Tab
                key={name}
                value={name}
                label={t(TAB_LABELS[name])}
                id={`class-tab-${name}`}
                aria-controls={`class-panel-${name}`}
              />
            ))}
          </Tabs>
          <Box role="tabpanel" id={`class-panel-${tab}`} aria-labelledby={`class-tab-${tab}`}>
            {tab === 'stream' && <StreamTab materials={materials} />}
            {tab === 'classwork' && <ClassworkTab classId={classId} materials={materials} exam={exam} />}
            {tab === 'people' && <PeopleTab classId={classId} />}
          </Box>
        </Paper>
        <UpcomingBox exam={exam} materials={materials} />
      </Box>
    </Box>
  );
}
