import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ClassItem } from '@kelasku/shared-api';
import { currentStudentId } from '../lib/student';
import { archivedClassesQuery } from '../lib/class-queries';

/**
 * The archived classes the student was in, each leading to its read-only page (e.g. its tasks and grades); nothing
 * at all when there is none or the list cannot be read (the classes in use above are what matters).
 */
export function ArchivedClassList({ linkTo }: { linkTo: (c: ClassItem) => string }) {
  const { t } = useTranslation('student');
  const { data } = useQuery(archivedClassesQuery(currentStudentId()));
  if (!data || data.classes.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="archived-classes-heading" sx={{ mt: 4 }}>
      <Typography id="archived-classes-heading" component="h2" variant="h6">
        {t('tasks.archivedTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('tasks.archivedHint')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {data.classes.map((c) => (
          <li key={c.id}>
            <Link component={RouterLink} to={linkTo(c)} state={{ className: c.name }}>
              {c.name}
            </Link>
          </li>
        ))}
      </Box>
    </Box>
  );
}
