import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState, ErrorState, LoadingState, useUsableMark } from '@kelasku/shared-ui/src/states';
import { Pagination } from '@kelasku/shared-ui/src/Pagination';
import { PageTitle } from '@kelasku/shared-ui/src/PageTitle';
import { useListParams } from '../../../hooks/useListParams';
import { usePagedList } from '../../../hooks/usePagedList';
import { useAccountDialogs } from '../hooks/useAccountDialogs';
import { AccountActions } from './AccountActions';
import { AccountDialogs } from './AccountDialogs';
import { AccountsToolbar } from './AccountsToolbar';
import { NOUN_TEXTS } from '../noun-texts';
import type { AccountPage, AccountRow, AccountsConfig, FormValues } from '../types';

export interface AccountsPageProps<T extends AccountRow, V extends FormValues, B> {
  config: AccountsConfig<T, V, B>;
  /** More toolbar buttons (the student CSV import). */
  extraActions?: ReactNode;
}

/** Search, filter, sort, table with edit/reset/delete, add dialog and one-time password dialog. */
export function AccountsPage<T extends AccountRow, V extends FormValues, B>({
  config,
  extraActions,
}: AccountsPageProps<T, V, B>) {
  const { t } = useTranslation('admin');
  const params = useListParams();
  const [{ search, filter, sort }] = params;
  const paged = usePagedList(
    (page) => config.list({ page, filter, search, sort }),
    (data) => data.rows.length,
  );
  const dialogs = useAccountDialogs(config, paged);
  // The list (or its failure) is on screen: the accounts page is usable.
  useUsableMark(!paged.list.isPending);
  return (
    <Box>
      <PageTitle sx={{ mb: 2 }}>{t(config.title)}</PageTitle>
      <AccountsToolbar
        params={params}
        filterOptions={config.filterOptions()}
        searchPlaceholder={config.searchPlaceholder}
        sortLabel={config.sortLabel}
        addLabel={config.addLabel}
        extraActions={extraActions}
        onAdd={() => dialogs.openForm({ mode: 'add', initial: config.emptyForm })}
      />
      {dialogs.notice && (
        <Alert severity="success" onClose={dialogs.closeNotice} sx={{ mb: 2 }}>
          {dialogs.notice}
        </Alert>
      )}
      {paged.pageFailure && (
        <Alert severity="error" onClose={() => paged.setPageFailure(null)} sx={{ mb: 2 }}>
          {paged.pageFailure}
        </Alert>
      )}
      <AccountsList
        config={config}
        list={paged.list}
        page={paged.page}
        onPageChange={paged.setPage}
        actions={(row) => (
          <AccountActions
            row={row}
            onEdit={(edited) => dialogs.openForm({ mode: 'edit', initial: config.toForm(edited), row: edited })}
            onDelete={dialogs.setDeleting}
            onResetPassword={dialogs.setResetting}
            onToggleActive={dialogs.setToggling}
          />
        )}
      />
      <AccountDialogs
        config={config}
        dialogs={dialogs}
        formFailure={paged.formFailure}
        formFieldFailure={paged.formFieldFailure}
      />
    </Box>
  );
}

/** The page of accounts as a table with its pages, or why there is none. */
function AccountsList<T extends AccountRow, V extends FormValues, B>({
  config,
  list,
  page,
  onPageChange,
  actions,
}: {
  config: AccountsConfig<T, V, B>;
  list: UseQueryResult<AccountPage<T>>;
  page: number;
  onPageChange: (page: number) => void;
  actions: (row: T) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  if (list.isPending) return <LoadingState />;
  if (list.isError)
    return <ErrorState message={t('accounts.fetchFailed')} error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.rows.length === 0) return <EmptyState message={t(NOUN_TEXTS[config.noun].empty)} />;
  return (
    <>
      {config.table({ label: t(config.title), rows: list.data.rows, actions })}
      <Pagination currentPage={page} totalPages={list.data.totalPage} onPageChange={onPageChange} />
    </>
  );
}
