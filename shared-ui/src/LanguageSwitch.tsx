// The language switch, "English | Bahasa Indonesia": each language named in itself, the active one pressed. No MUI,
// so the login page (plain CSS, login.css) and the sidebar (styled by RoleLayout) show this same component.
import { Fragment, useSyncExternalStore } from 'react';
import i18next from 'i18next';
import { getSignedInUser } from '@kelasku/shared-api/src/session';
// By its shared path: the shell's copy, not a second one in each remote (scripts/first-screen-imports.test.ts).
import { currentLanguage, LANGUAGE_NAMES, LANGUAGES, setLanguage, type Language } from '@kelasku/shared-ui/src/i18n';

function onLanguageChange(notify: () => void): () => void {
  i18next.on('languageChanged', notify);
  return () => i18next.off('languageChanged', notify);
}

/** The active language, re-rendering the caller when it changes. */
export function useActiveLanguage(): Language {
  return useSyncExternalStore(onLanguageChange, currentLanguage, currentLanguage);
}

/**
 * Switches the UI to `language` and remembers it on this device; when someone is signed in, also on their account
 * (the next sign-in, on any device, brings it back). Saving on the account may fail (offline, an older server):
 * the device still remembers, so that failure is not shown.
 */
export async function chooseLanguage(language: Language): Promise<void> {
  const saving = getSignedInUser()
    ? import('@kelasku/shared-api').then(({ usersApi }) => usersApi.saveLanguage(language)).catch(() => undefined)
    : undefined;
  await Promise.all([setLanguage(language), saving]);
}

export interface LanguageSwitchProps {
  /** The group's accessible name ('Language'), from the caller's own messages: the login page loads no others. */
  label: string;
  className?: string;
  /** The prerendered login page's copy: nothing happens before the app starts. */
  disabled?: boolean;
}

export function LanguageSwitch({ label, className, disabled = false }: LanguageSwitchProps) {
  const active = useActiveLanguage();
  return (
    <div role="group" aria-label={label} className={className}>
      {LANGUAGES.map((language, index) => (
        <Fragment key={language}>
          {index > 0 && <span aria-hidden="true">|</span>}
          <button
            type="button"
            lang={language}
            aria-pressed={language === active}
            disabled={disabled}
            onClick={() => void chooseLanguage(language)}
          >
            {LANGUAGE_NAMES[language]}
          </button>
        </Fragment>
      ))}
    </div>
  );
}
