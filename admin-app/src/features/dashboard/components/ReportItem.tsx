import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Report } from '@kelasku/shared-api';
import { formatDateId, formatWibTime } from '@kelasku/shared-ui/src/dates';

/** What the admin asked to do with a report (confirmed in a dialog first). */
export type ReportAction = { action: 'delete' | 'dismiss'; report: Report };

/** Where the reported message was posted: the class (a link to it) and material, or the group discussion. */
function Where({ report }: { report: Report }) {
  const { t } = useTranslation('admin');
  if (report.class_id === null) return <>{t('reports.where.group', { topic: report.topic })}</>;
  return (
    <>
      {t('reports.where.in')}{' '}
      <Link component={RouterLink} to={`/class/${report.class_id}`}>
        {report.class_name}
      </Link>{' '}
      {t('reports.where.materialTopic', { material: report.material_title, topic: report.topic })}
    </>
  );
}

/** One reported message: who wrote it and what, where, who reported it when and why, with Dismiss and Delete. */
export function ReportItem({ report, onAct }: { report: Report; onAct: (asked: ReportAction) => void }) {
  const { t } = useTranslation('admin');
  return (
    <ListItem
      divider
      component="li"
      aria-label={t('reports.itemLabel', { author: report.author_name })}
      sx={{ display: 'block', px: 1 }}
    >
      <Typography sx={{ fontWeight: 600 }}>{report.author_name}</Typography>
      <Box sx={{ color: 'text.primary', overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{report.message}</Box>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {report.reply_id ? t('reports.kind.reply') : t('reports.kind.question')} <Where report={report} />
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('reports.reportedBy', {
          reporter: report.reporter_name,
          date: formatDateId(report.created_at),
          time: formatWibTime(report.created_at),
        })}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {t('reports.reason', { reason: report.reason ?? t('reports.noReason') })}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button
          size="small"
          variant="outlined"
          aria-label={t('reports.dismissLabel', { author: report.author_name })}
          onClick={() => onAct({ action: 'dismiss', report })}
        >
          {t('reports.dismiss')}
        </Button>
        <Button
          color="error"
          size="small"
          variant="outlined"
          aria-label={t('reports.deleteLabel', { author: report.author_name })}
          onClick={() => onAct({ action: 'delete', report })}
        >
          {t('reports.delete')}
        </Button>
      </Stack>
    </ListItem>
  );
}
