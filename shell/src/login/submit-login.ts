import i18next from 'i18next';
import type { UserData } from '@kelasku/shared-api/src/session';
import { isLanguage } from '@kelasku/shared-rules/src/languages';
import { setLanguage } from '@kelasku/shared-ui/src/i18n';

type SharedApi = typeof import('@kelasku/shared-api');
/** The API client, once a sign-in has loaded it (never part of the login page's first load). */
let api: SharedApi | null = null;

/** shared-api's ApiError, read by its shape: the login page's first load has no API client to import it from. */
interface HttpFailure {
  status?: unknown;
  body?: { message?: unknown };
}

/**
 * The line shown under the form: the server's reason (in the user's language when the server named it by a code:
 * shared-api errorMessage), else the generic failure; without any response, try later.
 */
export function loginErrorMessage(err: unknown): string {
  const failure = err as HttpFailure | null;
  if (typeof failure?.status !== 'number') return i18next.t('shell:login.noResponse');
  const message = api?.errorMessage(err) ?? failure.body?.message;
  return typeof message === 'string' && message.trim() ? message : i18next.t('shell:login.failed');
}

/**
 * POST /api/v1/auth, then store token + decoded user (after wiping what another user left on this browser:
 * shared-api device-owner.ts). The API client (ky) is imported here, inside the submit
 * path, so it never weighs on the login page's first load. The language saved on the account (the token's
 * `language` claim) becomes the UI's, on this device too.
 */
export async function submitLogin(username: string, password: string): Promise<UserData> {
  api ??= await import('@kelasku/shared-api');
  const { token } = await api.authApi.login(username, password);
  const user = await api.startSession(token, username);
  if (isLanguage(user.language)) await setLanguage(user.language);
  return user;
}
