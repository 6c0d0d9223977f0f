import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PeopleIcon from '@mui/icons-material/People';
import type { ClassItem } from '@kelasku/shared-api';

export interface ClassCardProps {
  cls: ClassItem;
  onEdit: (cls: ClassItem) => void;
  onDelete: (cls: ClassItem) => void;
}

export function ClassCard({ cls, onEdit, onDelete }: ClassCardProps) {
  const { t } = useTranslation('admin');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = `class-menu-${cls.id}`;
  const count = cls.student_count ?? 0;
  const close = () => setAnchor(null);
  return (
    <Card component="article" variant="outlined" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <CardContent sx={{ flex: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Typography component="h2" variant="h6" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
            {cls.name}
          </Typography>
          <IconButton
            aria-label={t('classes.card.actions', { name: cls.name })}
            aria-controls={anchor ? menuId : undefined}
            aria-haspopup="menu"
            aria-expanded={anchor ? 'true' : undefined}
            onClick={(e) => setAnchor(e.currentTarget)}
            size="small"
          >
            <MoreVertIcon />
          </IconButton>
          <Menu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
            <MenuItem
              onClick={() => {
                close();
                onEdit(cls);
              }}
            >
              {t('classes.card.edit')}
            </MenuItem>
            <MenuItem
              onClick={() => {
                close();
                onDelete(cls);
              }}
              sx={{ color: 'error.main' }}
            >
              {t('classes.card.delete')}
            </MenuItem>
          </Menu>
        </Box>
        <Typography color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {cls.description}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mt: 2 }}>
          <PeopleIcon fontSize="small" aria-hidden="true" />
          <Typography variant="body2">{t('classes.card.students', { count })}</Typography>
        </Box>
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t('classes.card.teacher', { name: cls.teacher_name || '-' })}
        </Typography>
      </CardContent>
      <CardActions>
        <Button
          component={RouterLink}
          to={`/class/${cls.id}`}
          aria-label={t('classes.card.detailsLabel', { name: cls.name })}
        >
          {t('classes.card.details')}
        </Button>
      </CardActions>
    </Card>
  );
}
