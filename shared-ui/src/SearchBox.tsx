import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import SearchIcon from '@mui/icons-material/Search';

export interface SearchBoxProps {
  query: string;
  onChange: (query: string) => void;
  /** Called with the current query on Enter or on the search button. */
  onSearch: (query: string) => void;
  /** Defaults to 'Search' (in the active language). */
  placeholder?: string;
  /** Accessible name of the input; defaults to the placeholder. */
  label?: string;
}

/** A text input with a search-icon button; Enter searches. */
export function SearchBox({ query, onChange, onSearch, placeholder, label }: SearchBoxProps) {
  const { t } = useTranslation('common');
  const shownPlaceholder = placeholder ?? t('search.label');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(query);
  };
  return (
    <Paper
      component="form"
      role="search"
      onSubmit={submit}
      variant="outlined"
      sx={{ display: 'flex', alignItems: 'center', pl: 1.5, width: '100%', maxWidth: 480 }}
    >
      <InputBase
        sx={{ flex: 1 }}
        value={query}
        placeholder={shownPlaceholder}
        onChange={(e) => onChange(e.target.value)}
        inputProps={{ 'aria-label': label ?? shownPlaceholder }}
      />
      <IconButton type="submit" aria-label={t('search.label')} color="primary">
        <SearchIcon />
      </IconButton>
    </Paper>
  );
}
