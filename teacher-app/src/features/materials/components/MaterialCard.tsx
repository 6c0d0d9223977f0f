import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import type { Material } from '@kelasku/shared-api';
import { usePopupMenu } from '../../../hooks/usePopupMenu';

export interface MaterialCardProps {
  material: Material;
  onDelete: (material: Material) => void;
  /** Discussion topics of this material no teacher has answered yet. */
  unanswered?: number;
}

/** One material: title, description, its unanswered questions, preview link and the Edit/Delete menu. */
export function MaterialCard({ material, onDelete, unanswered = 0 }: MaterialCardProps) {
  const { t } = useTranslation('teacher');
  const { button, menu } = usePopupMenu(`material-menu-${material.id}`, [
    { label: t('subjects.card.edit'), to: `/EditSubjects?id=${material.id}` },
    { label: t('subjects.manage.deleteTitle'), onSelect: () => onDelete(material), destructive: true },
  ]);
  return (
    <Card component="article" variant="outlined" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <CardContent sx={{ flex: 1, pb: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Typography component="h2" variant="h6" sx={{ flex: 1, fontWeight: 700, overflowWrap: 'anywhere' }}>
            {material.title}
          </Typography>
          <IconButton aria-label={t('subjects.card.options', { title: material.title })} {...button} size="small">
            <MoreVertIcon />
          </IconButton>
        </Box>
        <Typography
          color="text.secondary"
          sx={{
            mt: 1,
            display: '-webkit-box',
            WebkitLineClamp: 3,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            overflowWrap: 'anywhere',
          }}
        >
          {material.description}
        </Typography>
        {material.exercise_id != null && (
          <Chip
            size="small"
            color="success"
            variant="outlined"
            label={t('subjects.card.hasExercise')}
            sx={{ mt: 1.5, mr: 1 }}
          />
        )}
        {unanswered > 0 && (
          <Chip
            size="small"
            color="warning"
            variant="outlined"
            label={t('subjects.card.unanswered', { count: unanswered })}
            sx={{ mt: 1.5, color: '#8a4b00', borderColor: '#c77700' }}
          />
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          component={RouterLink}
          to={`/DetailSubjects?id=${material.id}`}
          aria-label={t('subjects.card.previewLabel', { title: material.title })}
        >
          {t('subjects.card.preview')}
        </Button>
      </CardActions>
      {menu}
    </Card>
  );
}
