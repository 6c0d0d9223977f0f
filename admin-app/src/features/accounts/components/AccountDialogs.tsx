import { useTranslation } from 'react-i18next';
import { preloadable, type PreloadableComponent } from '@kelasku/shared-ui/src/preloadable';
import { FromFirstOpen } from '@kelasku/shared-ui/src/FromFirstOpen';
import type { FieldFailure } from '../../../hooks/usePagedList';
import type { useAccountDialogs } from '../hooks/useAccountDialogs';
import type { AccountFormDialog as GenericFormDialog } from './AccountFormDialog';
import type { AccountRow, AccountsConfig, FormValues } from '../types';

// Loaded on first use: the dialogs' code (MUI's dialog and form chunks) is not needed before the list shows.
// (The form's props stay generic in its values, which preloadable's one props type cannot say.)
const AccountFormDialog = preloadable(() =>
  import('./AccountFormDialog').then((m) => m.AccountFormDialog),
) as unknown as typeof GenericFormDialog & PreloadableComponent<never>;
const DeleteAccountDialog = preloadable(() => import('./DeleteAccountDialog').then((m) => m.DeleteAccountDialog));
const ActivationDialog = preloadable(() => import('./ActivationDialog').then((m) => m.ActivationDialog));
const ConfirmDialog = preloadable(() => import('@kelasku/shared-ui/src/ConfirmDialog').then((m) => m.ConfirmDialog));
const PasswordDialog = preloadable(() => import('./PasswordDialog').then((m) => m.PasswordDialog));

/** The dialogs a button of the page opens, at once or after the server answered (a new password). */
const DIALOGS_OF_BUTTON = {
  add: [AccountFormDialog, PasswordDialog],
  edit: [AccountFormDialog],
  resetPassword: [ConfirmDialog, PasswordDialog],
  toggleActive: [ActivationDialog],
  // 'Deactivate instead' opens the activation dialog.
  delete: [DeleteAccountDialog, ActivationDialog],
} satisfies Record<string, PreloadableComponent<never>[]>;

/**
 * Starts loading what `button` opens, as the pointer or focus reaches it: by the click the dialog is usually in, and
 * opens without waiting. Offline, the click tries again.
 */
export function preloadDialogsOf(button: keyof typeof DIALOGS_OF_BUTTON): void {
  for (const dialog of DIALOGS_OF_BUTTON[button]) void dialog.preload().catch(() => undefined);
}

/** Add/edit, delete, (de)activate, password reset and the one-time password, each open for its row. */
export function AccountDialogs<T extends AccountRow, V extends FormValues, B>({
  config,
  dialogs,
  formFailure,
  formFieldFailure,
}: {
  config: AccountsConfig<T, V, B>;
  dialogs: ReturnType<typeof useAccountDialogs<T, V, B>>;
  formFailure: string | null;
  formFieldFailure: FieldFailure | null;
}) {
  const { t } = useTranslation('admin');
  const { editing, deleting } = dialogs;
  return (
    <>
      <FromFirstOpen open={editing !== null}>
        <AccountFormDialog
          open={editing !== null}
          mode={editing?.mode ?? 'add'}
          noun={config.noun}
          fields={config.fields}
          initial={editing?.initial ?? config.emptyForm}
          busy={dialogs.saving}
          failure={formFailure}
          fieldFailure={formFieldFailure}
          enrolment={config.enrolment}
          onClose={dialogs.closeForm}
          onSubmit={(values, joinClasses) => void dialogs.save(values, joinClasses)}
        />
      </FromFirstOpen>
      <FromFirstOpen open={deleting !== null}>
        <DeleteAccountDialog
          noun={config.noun}
          row={deleting}
          busy={dialogs.removing}
          onDelete={() => void dialogs.remove()}
          onDeactivate={() => {
            dialogs.setToggling(deleting);
            dialogs.setDeleting(null);
          }}
          onClose={() => dialogs.setDeleting(null)}
        />
      </FromFirstOpen>
      <FromFirstOpen open={dialogs.toggling !== null}>
        <ActivationDialog
          open={dialogs.toggling !== null}
          row={dialogs.shownToggling}
          busy={dialogs.toggleSending}
          onConfirm={() => void dialogs.setActive()}
          onClose={() => dialogs.setToggling(null)}
        />
      </FromFirstOpen>
      <FromFirstOpen open={dialogs.resetting !== null}>
        <ConfirmDialog
          open={dialogs.resetting !== null}
          title={t('accounts.reset.title', { name: dialogs.shownResetting?.name ?? '' })}
          message={t('accounts.reset.message')}
          confirmLabel={t('accounts.reset.confirm')}
          busy={dialogs.resetSending}
          onConfirm={() => void dialogs.resetPassword()}
          onClose={() => dialogs.setResetting(null)}
        />
      </FromFirstOpen>
      <FromFirstOpen open={dialogs.shown !== null}>
        <PasswordDialog shown={dialogs.shown} onClose={dialogs.closePassword} />
      </FromFirstOpen>
    </>
  );
}
