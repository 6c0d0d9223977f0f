import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import ToggleButton from '@mui/material/ToggleButton';
import AddIcon from '@mui/icons-material/Add';
import SortIcon from '@mui/icons-material/Sort';
import { ConfirmDialog, EmptyState, ErrorState, LoadingState, Pagination, SearchBox, useUsableMark } from '@kelasku/shared-ui';
import { useLastNonNull } from '../../../hooks/useLastNonNull';
import { useListParams } from '../../../hooks/useListParams';
import { usePagedList } from '../../../hooks/usePagedList';
import { AccountFormDialog } from './AccountFormDialog';
import { ActivationDialog } from './ActivationDialog';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { AccountActions } from './AccountActions';
import { FilterMenu } from './FilterMenu';
import { NOUN_TEXTS } from '../noun-texts';
import { PasswordDialog, type ShownPassword } from './PasswordDialog';
import type { AccountRow, AccountsConfig, FormValues } from '../types';
import { PageTitle } from '@kelasku/shared-ui/src/PageTitle';

type Editing<T, V> = { mode: 'add'; initial: V } | { mode: 'edit'; initial: V; row: T };

export interface AccountsPageProps<T extends AccountRow, V extends FormValues> {
  config: AccountsConfig<T, V>;
  /** More toolbar buttons (the student CSV import). */
  extraActions?: ReactNode;
}

/** Search, filter, sort, table with edit/reset/delete, add dialog and one-time password dialog. */
export function AccountsPage<T extends AccountRow, V extends FormValues>({ config, extraActions }: AccountsPageProps<T, V>) {
  const { t } = useTranslation('admin');
  const [{ search, filter, sort }, changeList] = useListParams();
  // The search box shows the URL's search again after Back or a reload.
  const [query, setQuery] = useState(search);
  useEffect(() => setQuery(search), [search]);
  const queryClient = useQueryClient();
  const { page, setPage, list, busy, formFailure, setFormFailure, formFieldFailure, pageFailure, setPageFailure, attempt, showAfterDelete } = usePagedList(
    (page) => config.list({ page, filter, search, sort }),
    (data) => data.rows.length,
  );
  const listChanged = () => void config.invalidate(queryClient);

  const [editing, setEditing] = useState<Editing<T, V> | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [resetting, setResetting] = useState<T | null>(null);
  const [shown, setShown] = useState<ShownPassword | null>(null);
  const [toggling, setToggling] = useState<T | null>(null);
  const shownToggling = useLastNonNull(toggling);
  const shownResetting = useLastNonNull(resetting);
  const [notice, setNotice] = useState<string | null>(null);

  const texts = NOUN_TEXTS[config.noun];
  const loginShown = (row: T) => ({ name: row.name, loginLabel: config.loginLabel, login: config.loginOf(row) });

  const save = async (values: V, joinClasses?: boolean) => {
    if (!editing) return;
    const failed = editing.mode === 'add' ? t(texts.addFailed) : t(texts.updateFailed);
    await attempt('form', failed, async () => {
      if (editing.mode === 'add') {
        const created = await config.create(values, joinClasses);
        setEditing(null);
        if (created.initial_password) setShown({ ...loginShown(created), title: t(config.addedTitle), password: created.initial_password });
        else setNotice(t(config.addedTitle));
      } else {
        await config.update(editing.row.id, values);
        setEditing(null);
      }
      listChanged();
    });
  };

  const remove = async () => {
    if (!deleting) return;
    await attempt('page', t(texts.deleteFailed), async () => {
      await config.remove(deleting.id);
      showAfterDelete();
      listChanged();
    }, () => setDeleting(null));
  };

  const setActive = async () => {
    if (!toggling) return;
    const active = toggling.active === false;
    await attempt('page', active ? t(texts.reactivateFailed) : t(texts.deactivateFailed), async () => {
      await config.setActive(toggling.id, active);
      listChanged();
    }, () => setToggling(null));
  };

  const resetPassword = async () => {
    if (!resetting) return;
    await attempt('page', t('accounts.reset.failed'), async () => {
      const { initial_password } = await config.resetPassword(resetting.id);
      setShown({ ...loginShown(resetting), title: t('accounts.reset.done'), password: initial_password });
    }, () => setResetting(null));
  };

  // The list (or its failure) is on screen: the accounts page is usable.
  useUsableMark(!list.isPending);
  let content;
  if (list.isPending) content = <LoadingState />;
  else if (list.isError) content = <ErrorState message={t('accounts.fetchFailed')} error={list.error} onRetry={() => void list.refetch()} />;
  else if (list.data.rows.length === 0) content = <EmptyState message={t(texts.empty)} />;
  else
    content = (
      <>
        {config.table({
          label: t(config.title),
          rows: list.data.rows,
          actions: (row) => (
            <AccountActions
              row={row}
              onEdit={(edited) => { setFormFailure(null); setEditing({ mode: 'edit', initial: config.toForm(edited), row: edited }); }}
              onDelete={setDeleting}
              onResetPassword={setResetting}
              onToggleActive={setToggling}
            />
          ),
        })}
        <Pagination currentPage={page} totalPages={list.data.totalPage} onPageChange={setPage} />
      </>
    );

  const filterOptions = config.filterOptions();
  const filterLabel = filterOptions.find((o) => o.value === filter)?.label;

  return (
    <Box>
      <PageTitle sx={{ mb: 2 }}>{t(config.title)}</PageTitle>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', mb: 2 }}>
        <Box sx={{ flex: '1 1 260px' }}>
          <SearchBox
            query={query}
            onChange={setQuery}
            onSearch={(q) => changeList({ search: q.trim() })}
            placeholder={t(config.searchPlaceholder)}
          />
        </Box>
        <FilterMenu options={filterOptions} value={filter} onChange={(v) => changeList({ filter: v })} />
        {/* MUI's default unselected grey is 4.47:1 on the page background; text.secondary passes AA. */}
        <ToggleButton value="sort" size="small" color="primary" selected={sort} sx={{ color: 'text.secondary' }} onChange={() => changeList({ sort: !sort })}>
          <SortIcon fontSize="small" sx={{ mr: 0.5 }} aria-hidden="true" />
          {t(config.sortLabel)}
        </ToggleButton>
        {extraActions}
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => { setFormFailure(null); setEditing({ mode: 'add', initial: config.emptyForm }); }}
        >
          {t(config.addLabel)}
        </Button>
      </Box>
      {filterLabel && (
        <Chip
          label={t('accounts.filter.chip', { label: filterLabel })}
          onDelete={() => changeList({ filter: '' })}
          sx={{ mb: 2 }}
        />
      )}
      {notice && <Alert severity="success" onClose={() => setNotice(null)} sx={{ mb: 2 }}>{notice}</Alert>}
      {pageFailure && <Alert severity="error" onClose={() => setPageFailure(null)} sx={{ mb: 2 }}>{pageFailure}</Alert>}
      {content}
      <AccountFormDialog
        open={editing !== null}
        mode={editing?.mode ?? 'add'}
        noun={config.noun}
        fields={config.fields}
        initial={editing?.initial ?? config.emptyForm}
        busy={busy}
        failure={formFailure}
        fieldFailure={formFieldFailure}
        enrolment={config.enrolment}
        onClose={() => setEditing(null)}
        onSubmit={save}
      />
      <DeleteAccountDialog
        noun={config.noun}
        row={deleting}
        busy={busy}
        onDelete={remove}
        onDeactivate={() => { setToggling(deleting); setDeleting(null); }}
        onClose={() => setDeleting(null)}
      />
      <ActivationDialog open={toggling !== null} row={shownToggling} busy={busy} onConfirm={setActive} onClose={() => setToggling(null)} />
      <ConfirmDialog
        open={resetting !== null}
        title={t('accounts.reset.title', { name: shownResetting?.name ?? '' })}
        message={t('accounts.reset.message')}
        confirmLabel={t('accounts.reset.confirm')}
        busy={busy}
        onConfirm={resetPassword}
        onClose={() => setResetting(null)}
      />
      <PasswordDialog shown={shown} onClose={() => setShown(null)} />
    </Box>
  );
}
