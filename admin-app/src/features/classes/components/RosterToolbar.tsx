import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SortIcon from '@mui/icons-material/Sort';
import { SearchBox } from '@kelasku/shared-ui';

export interface RosterToolbarProps {
  query: string;
  onQueryChange: (query: string) => void;
  onSearch: () => void;
  sortByNIS: boolean;
  onToggleSort: () => void;
  /** Opens the dialog that assigns students to the class. */
  onAssign: () => void;
}

/** Above a class's roster: its search box, the sort by NIS and "Assign students". */
export function RosterToolbar({
  query,
  onQueryChange,
  onSearch,
  sortByNIS,
  onToggleSort,
  onAssign,
}: RosterToolbarProps) {
  const { t } = useTranslation('admin');
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
      <Box sx={{ flex: '1 1 280px' }}>
        <SearchBox
          query={query}
          onChange={onQueryChange}
          onSearch={onSearch}
          placeholder={t('classes.detail.search')}
        />
      </Box>
      <ToggleButton
        value="nis"
        size="small"
        selected={sortByNIS}
        onChange={onToggleSort}
        color="primary"
        // MUI's default unselected grey is 4.47:1 on the page background; text.secondary passes AA.
        sx={{ color: 'text.secondary' }}
      >
        <SortIcon fontSize="small" sx={{ mr: 0.5 }} aria-hidden="true" />
        {t('classes.detail.sort')}
      </ToggleButton>
      <Button variant="contained" startIcon={<PersonAddIcon />} onClick={onAssign}>
        {t('classes.detail.assign')}
      </Button>
    </Box>
  );
}
