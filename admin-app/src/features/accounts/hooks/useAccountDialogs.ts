import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLastNonNull } from '../../../hooks/useLastNonNull';
import type { usePagedList } from '../../../hooks/usePagedList';
import { useAccountMutations } from '../api';
import { NOUN_TEXTS } from '../noun-texts';
import type { ShownPassword } from '../components/PasswordDialog';
import type { AccountRow, AccountsConfig, FormValues } from '../types';

export type Editing<T, V> = { mode: 'add'; initial: V } | { mode: 'edit'; initial: V; row: T };

/**
 * The accounts page's dialogs: which one is open for which row, and what confirming it sends (a mutation of ../api.ts;
 * a failure goes on the form or above the list, through the page's `paged` list).
 */
export function useAccountDialogs<T extends AccountRow, V extends FormValues, B>(
  config: AccountsConfig<T, V, B>,
  paged: Pick<ReturnType<typeof usePagedList>, 'attempt' | 'showAfterDelete' | 'setFormFailure'>,
) {
  const { t } = useTranslation('admin');
  const writes = useAccountMutations(config.writes);
  const [editing, setEditing] = useState<Editing<T, V> | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [resetting, setResetting] = useState<T | null>(null);
  const [toggling, setToggling] = useState<T | null>(null);
  // kept while their dialogs close, so the texts do not change meanwhile
  const shownToggling = useLastNonNull(toggling);
  const shownResetting = useLastNonNull(resetting);
  const [shown, setShown] = useState<ShownPassword | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const texts = NOUN_TEXTS[config.noun];
  const loginShown = (row: T) => ({ name: row.name, loginLabel: config.loginLabel, login: config.loginOf(row) });

  const openForm = (next: Editing<T, V>) => {
    paged.setFormFailure(null);
    setEditing(next);
  };

  const save = async (values: V, joinClasses?: boolean) => {
    if (!editing) return;
    const body = config.toBody(values);
    await paged.attempt('form', editing.mode === 'add' ? t(texts.addFailed) : t(texts.updateFailed), async () => {
      if (editing.mode === 'edit') {
        await writes.update.mutateAsync({ id: editing.row.id, body });
        setEditing(null);
        return;
      }
      const created = await writes.create.mutateAsync({ body, joinClasses });
      setEditing(null);
      if (created.initial_password)
        setShown({ ...loginShown(created), title: t(config.addedTitle), password: created.initial_password });
      else setNotice(t(config.addedTitle));
    });
  };

  const remove = async () => {
    if (!deleting) return;
    await paged.attempt(
      'page',
      t(texts.deleteFailed),
      async () => {
        await writes.remove.mutateAsync(deleting.id);
        paged.showAfterDelete();
      },
      () => setDeleting(null),
    );
  };

  const setActive = async () => {
    if (!toggling) return;
    const active = toggling.active === false;
    await paged.attempt(
      'page',
      active ? t(texts.reactivateFailed) : t(texts.deactivateFailed),
      async () => {
        await writes.setActive.mutateAsync({ id: toggling.id, active });
      },
      () => setToggling(null),
    );
  };

  const resetPassword = async () => {
    if (!resetting) return;
    await paged.attempt(
      'page',
      t('accounts.reset.failed'),
      async () => {
        const { initial_password } = await writes.resetPassword.mutateAsync(resetting.id);
        setShown({ ...loginShown(resetting), title: t('accounts.reset.done'), password: initial_password });
      },
      () => setResetting(null),
    );
  };

  return {
    editing,
    openForm,
    closeForm: () => setEditing(null),
    save,
    saving: writes.create.isPending || writes.update.isPending,
    deleting,
    setDeleting,
    remove,
    removing: writes.remove.isPending,
    toggling,
    shownToggling,
    setToggling,
    setActive,
    toggleSending: writes.setActive.isPending,
    resetting,
    shownResetting,
    setResetting,
    resetPassword,
    resetSending: writes.resetPassword.isPending,
    shown,
    closePassword: () => setShown(null),
    notice,
    closeNotice: () => setNotice(null),
  };
}
