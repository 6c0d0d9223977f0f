import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserData } from '@kelasku/shared-api/src/session';
import { Logo } from '@kelasku/shared-ui/src/Logo';
import { LanguageSwitch } from '@kelasku/shared-ui/src/LanguageSwitch';
import { SessionCache } from '@kelasku/shared-ui/src/session-cache';
import { prefetchSignedIn } from '../signed-in';
import { EyeIcon } from './icons';
import { focusedBeforeStart, typedBeforeStart } from './prerendered';
import { useSignIn } from './use-sign-in';
import { markUsable } from '@kelasku/shared-rules/src/usable-mark';

export interface LoginPageProps {
  /** Called after the token and user data are stored. */
  onSignedIn: (user: UserData) => void;
  /**
   * Build-time HTML for index.html (shell/prerender-login.tsx): the buttons are disabled until the app starts; a
   * submit before that would be the browser's own GET, with the password in the URL.
   */
  prerendered?: boolean;
}

/**
 * The login page (/): plain form + CSS, no UI kit, so it loads fast on a weak connection. Its texts are the 'shell'
 * messages only (no other namespace loads before sign-in). Its sign-in is a write with a cache of its own, dropped
 * once the user is signed in (SessionCache).
 */
export function LoginPage(props: LoginPageProps) {
  return (
    <SessionCache>
      <LoginForm {...props} />
    </SessionCache>
  );
}

function LoginForm({ onSignedIn, prerendered = false }: LoginPageProps) {
  const { t } = useTranslation('shell');
  const [username, setUsername] = useState(() => typedBeforeStart('username'));
  const [password, setPassword] = useState(() => typedBeforeStart('password'));
  const [focusOnStart] = useState(focusedBeforeStart);
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnStart) (focusOnStart === 'username' ? usernameInput : passwordInput).current?.focus();
  }, [focusOnStart]);
  // The app's form (not the prerendered one) is on screen and its buttons answer: the login page is usable.
  useEffect(() => {
    if (!prerendered) markUsable();
  }, [prerendered]);
  const [showPassword, setShowPassword] = useState(false);
  const signIn = useSignIn(onSignedIn);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.send({ username, password });
  };

  return (
    <div className="login">
      <div className="login__art" aria-hidden="true" />
      <main className="login__panel">
        <div className="login__box">
          <LanguageSwitch label={t('login.language')} className="login__languages" disabled={prerendered} />
          <Logo size={44} />
          <h1 className="login__title">
            {t('login.title')} <span className="login__brand">Kelasku</span>
          </h1>
          <p className="login__lead">{t('login.lead')}</p>
          <form className="login__form" onSubmit={(event) => void submit(event)} onFocus={prefetchSignedIn}>
            <input
              ref={usernameInput}
              className="login__input"
              type="text"
              name="username"
              placeholder={t('login.username')}
              aria-label={t('login.username')}
              autoComplete="username"
              required
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
            <div className="login__password">
              <input
                ref={passwordInput}
                className="login__input"
                type={showPassword ? 'text' : 'password'}
                name="password"
                placeholder={t('login.password')}
                aria-label={t('login.password')}
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <button
                type="button"
                className="login__eye"
                aria-label={showPassword ? t('login.hidePassword') : t('login.showPassword')}
                aria-pressed={showPassword}
                disabled={prerendered}
                onClick={() => setShowPassword((shown) => !shown)}
              >
                <EyeIcon crossed={showPassword} />
              </button>
            </div>
            <button className="login__submit" type="submit" disabled={signIn.sending || prerendered}>
              {signIn.sending ? t('login.submitting') : t('login.submit')}
            </button>
            <p className="login__error" role="alert">
              {signIn.refusal}
            </p>
          </form>
        </div>
      </main>
    </div>
  );
}
