import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { UserData } from '@kelasku/shared-api/src/session';
import { Logo } from '@kelasku/shared-ui/src/Logo';
import { prefetchSignedIn } from '../signed-in';
import { EyeIcon } from './icons';
import { focusedBeforeStart, typedBeforeStart } from './prerendered';
import { loginErrorMessage, submitLogin } from './submit-login';

export interface LoginPageProps {
  /** Called after the token and user data are stored. */
  onSignedIn: (user: UserData) => void;
  /**
   * Build-time HTML for index.html (shell/prerender-login.tsx): the buttons are disabled until the app starts; a
   * submit before that would be the browser's own GET, with the password in the URL.
   */
  prerendered?: boolean;
}

/** The login page (/): plain form + CSS, no UI kit, so it loads fast on a weak connection. */
export function LoginPage({ onSignedIn, prerendered = false }: LoginPageProps) {
  const [username, setUsername] = useState(() => typedBeforeStart('username'));
  const [password, setPassword] = useState(() => typedBeforeStart('password'));
  const [focusOnStart] = useState(focusedBeforeStart);
  const usernameInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnStart) (focusOnStart === 'username' ? usernameInput : passwordInput).current?.focus();
  }, [focusOnStart]);
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const user = await submitLogin(username, password);
      onSignedIn(user);
    } catch (err) {
      console.error('Login failed:', err);
      setError(loginErrorMessage(err));
      setBusy(false);
    }
  };

  return (
    <div className="login">
      <div className="login__art" aria-hidden="true" />
      <main className="login__panel">
        <div className="login__box">
          <Logo size={44} />
          <h1 className="login__title">
            Grow your understanding on <span className="login__brand">Kelasku</span>
          </h1>
          <p className="login__lead">
            To keep connected with us, please login with your personal information by NIP/NIS and password.
          </p>
          <form className="login__form" onSubmit={submit} onFocus={prefetchSignedIn}>
            <input
              ref={usernameInput}
              className="login__input"
              type="text"
              name="username"
              placeholder="NIP/NIS"
              aria-label="NIP/NIS"
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
                placeholder="Password"
                aria-label="Password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <button
                type="button"
                className="login__eye"
                aria-label={showPassword ? 'Hide password' : 'Show password'}
                aria-pressed={showPassword}
                disabled={prerendered}
                onClick={() => setShowPassword((shown) => !shown)}
              >
                <EyeIcon crossed={showPassword} />
              </button>
            </div>
            <button className="login__submit" type="submit" disabled={busy || prerendered}>
              {busy ? 'Logging in...' : 'Login'}
            </button>
            <p className="login__error" role="alert">{error}</p>
          </form>
        </div>
      </main>
    </div>
  );
}
