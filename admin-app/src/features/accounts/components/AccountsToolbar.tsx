import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ToggleButton from '@mui/material/ToggleButton';
import AddIcon from '@mui/icons-material/Add';
import SortIcon from '@mui/icons-material/Sort';
import { SearchBox } from '@kelasku/shared-ui/src/SearchBox';
import { useChanged } from '@kelasku/shared-ui/src/useChanged';
import type { useListParams } from '../../../hooks/useListParams';
import { FilterMenu, type FilterOption } from './FilterMenu';
import { preloadDialogsOf } from './AccountDialogs';

type ListParams = ReturnType<typeof useListParams>;

/** Search, filter, sort (all kept in the URL), the page's extra buttons and Add, then the applied filter as a chip. */
export function AccountsToolbar({
  params: [{ search, filter, sort }, changeList],
  filterOptions,
  searchPlaceholder,
  sortLabel,
  addLabel,
  extraActions,
  onAdd,
}: {
  params: ListParams;
  filterOptions: FilterOption[];
  /** Message keys. */
  searchPlaceholder: string;
  sortLabel: string;
  addLabel: string;
  extraActions?: ReactNode;
  onAdd: () => void;
}) {
  const { t } = useTranslation('admin');
  // The search box shows the URL's search again after Back or a reload.
  const [query, setQuery] = useState(search);
  if (useChanged(search)) setQuery(search);
  const filterLabel = filterOptions.find((o) => o.value === filter)?.label;
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
        <Box sx={{ flex: '1 1 260px' }}>
          <SearchBox
            query={query}
            onChange={setQuery}
            onSearch={(q) => changeList({ search: q.trim() })}
            placeholder={t(searchPlaceholder)}
          />
        </Box>
        <FilterMenu options={filterOptions} value={filter} onChange={(v) => changeList({ filter: v })} />
        {/* MUI's default unselected grey is 4.47:1 on the page background; text.secondary passes AA. */}
        <ToggleButton
          value="sort"
          size="small"
          color="primary"
          selected={sort}
          sx={{ color: 'text.secondary' }}
          onChange={() => changeList({ sort: !sort })}
        >
          <SortIcon fontSize="small" sx={{ mr: 0.5 }} aria-hidden="true" />
          {t(sortLabel)}
        </ToggleButton>
        {extraActions}
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={onAdd}
          onPointerEnter={() => preloadDialogsOf('add')}
          onFocus={() => preloadDialogsOf('add')}
        >
          {t(addLabel)}
        </Button>
      </Box>
      {filterLabel && (
        <Chip
          label={t('accounts.filter.chip', { label: filterLabel })}
          onDelete={() => changeList({ filter: '' })}
          sx={{ mb: 2 }}
        />
      )}
    </>
  );
}
