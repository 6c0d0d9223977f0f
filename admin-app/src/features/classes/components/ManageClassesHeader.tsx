import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import AddIcon from '@mui/icons-material/Add';
import { PageTitle } from '@kelasku/shared-ui/src/PageTitle';
import { CLASS_ARCHIVE_NS } from '../class-archive-messages';

export interface ManageClassesHeaderProps {
  grade: number;
  /** whether the archived classes are listed (not those in use) */
  showArchived: boolean;
  onToggleArchived: () => void;
  onAdd: () => void;
}

/** The classes page's title and grade, the switch to the archived classes and back, and "Add class". */
export function ManageClassesHeader({ grade, showArchived, onToggleArchived, onAdd }: ManageClassesHeaderProps) {
  const { t } = useTranslation(['admin', CLASS_ARCHIVE_NS]);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 3 }}>
      <PageTitle>{t('classes.title')}</PageTitle>
      <Chip label={t('grade.nth', { grade })} color="primary" />
      <Box sx={{ flex: 1 }} />
      <Button aria-pressed={showArchived} onClick={onToggleArchived}>
        {showArchived ? t('classArchive:archived.showInUse') : t('classArchive:archived.show')}
      </Button>
      <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
        {t('classes.add')}
      </Button>
    </Box>
  );
}
