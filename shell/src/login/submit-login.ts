import type { UserData } from '@kelasku/shared-api/src/session';

export const LOGIN_FAILED = 'Login failed, check your NIP/NIS and password.';
export const NO_RESPONSE = 'Something went wrong, try again later.';

interface HttpFailure {
  response?: { data?: { message?: unknown } };
}

/** The line shown under the form: the server's message, else the generic failure; without any response, try later. */
export function loginErrorMessage(err: unknown): string {
  const response = (err as HttpFailure | null)?.response;
  if (!response) return NO_RESPONSE;
  const message = response.data?.message;
  return typeof message === 'string' && message.trim() ? message : LOGIN_FAILED;
}

/**
 * POST /api/v1/auth, then store token + decoded user. The API client (axios) is imported here, inside the submit
 * path, so it never weighs on the login page's first load.
 */
export async function submitLogin(username: string, password: string): Promise<UserData> {
  const { authApi, saveSession } = await import('@kelasku/shared-api');
  const { token } = await authApi.login(username, password);
  return saveSession(token, username);
}
