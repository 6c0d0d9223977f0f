import axios, { AxiosError, AxiosInstance, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { errorText } from './error-text';
import { getToken } from './session';
// The catalogue file alone (not the shared-rules index): every app's first screen loads this module.
import { type ErrorCode, type ErrorParams, isErrorCode } from '@kelasku/shared-rules/src/error-codes';

import { apiBase } from './api-base';

export { apiBase };

/** The one axios instance: sends the stored token raw (no Bearer), as the original client did. */
export const http: AxiosInstance = axios.create({ baseURL: apiBase });

// When a signed-in call is refused with 401 (the token expired, a password reset or a deleted account ended the
// session), the call is parked instead of failing, later calls wait, and the shell is told to ask for a sign-in over
// the page. After it, the parked calls are sent again with the new token and the page carries on where it was: an
// answer sheet's save simply takes longer, it is never reported saved before the server has it.

interface ParkedCall {
  config: InternalAxiosRequestConfig;
  resolve: (response: AxiosResponse) => void;
  reject: (error: unknown) => void;
}

let sessionEndedHandler: (() => void) | null = null;
let parked: ParkedCall[] = [];
/** Set while the session is ended: calls made meanwhile wait for it before leaving. */
let held: Promise<void> | null = null;
let release: () => void = () => undefined;

/** Sign-in and renewal: their 401 is the answer itself (wrong password, session over), never parked or held. */
function isSignInCall(config: InternalAxiosRequestConfig): boolean {
  return /\/auth(\/refresh)?$/.test((config.url ?? '').split('?')[0]);
}

/**
 * The shell registers what to do when the session ends (show the sign-in dialog). Without a handler (a remote on its
 * own, tests) a 401 fails the call as usual. Returns the unregistering function.
 */
export function onSessionEnded(handler: () => void): () => void {
  sessionEndedHandler = handler;
  return () => {
    if (sessionEndedHandler === handler) sessionEndedHandler = null;
  };
}

/** True between a call refused for an ended session and `resumeSession()`. */
export function isSessionEnded(): boolean {
  return held !== null;
}

/** Signed in again as the same user: the parked calls and the waiting ones go out now, with the new token. */
export function resumeSession(): void {
  const calls = parked;
  parked = [];
  const go = release;
  held = null;
  go();
  for (const call of calls) http.request(call.config).then(call.resolve, call.reject);
}

/**
 * Signed in as someone else (or signed out): the parked calls are forgotten, never sent with the other user's token.
 * The calls stay unanswered: the caller leaves the page (a full load of the new user's dashboard).
 */
export function dropParkedCalls(): void {
  parked = [];
}

function park(config: InternalAxiosRequestConfig): Promise<AxiosResponse> {
  return new Promise((resolve, reject) => {
    parked.push({ config, resolve, reject });
    if (held) return;
    held = new Promise((done) => (release = done));
    sessionEndedHandler?.();
  });
}

http.interceptors.request.use(async (config) => {
  if (held && !isSignInCall(config)) await held;
  const token = getToken();
  if (token) config.headers.set('Authorization', token);
  return config;
});

http.interceptors.response.use(undefined, (error: unknown) => {
  const config = error instanceof AxiosError ? error.config : undefined;
  if (!config || !sessionEndedHandler || errorStatus(error) !== 401 || isSignInCall(config)) throw error;
  const sentWith = config.headers.get('Authorization');
  if (!sentWith) throw error; // not a signed-in call
  const token = getToken();
  // Signed in again or renewed (another tab) since this call left: send it again, with the new token.
  if (!held && token && token !== sentWith) return http.request(config);
  return park(config);
});

type Verb = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Logs a failed call with its verb label and rethrows it, so screens decide what the user sees. */
function logged<T>(verb: Verb, url: string, call: Promise<{ data: T }>): Promise<T> {
  return call.then(
    (res) => res.data,
    (err: unknown) => {
      console.error(`${verb} ${url} failed:`, err);
      throw err;
    },
  );
}

export type Params = Record<string, string | number | boolean | undefined | null>;

export const getData = <T>(url: string, params?: Params) => logged<T>('GET', url, http.get<T>(url, { params }));
export const postData = <T>(url: string, body?: unknown, params?: Params, headers?: Record<string, string>) =>
  logged<T>('POST', url, http.post<T>(url, body, { params, ...(headers ? { headers } : {}) }));
export const patchData = <T>(url: string, body?: unknown, params?: Params, headers?: Record<string, string>) =>
  logged<T>('PATCH', url, http.patch<T>(url, body, { params, ...(headers ? { headers } : {}) }));
export const putData = <T>(url: string, body?: unknown, params?: Params) =>
  logged<T>('PUT', url, http.put<T>(url, body, { params }));
export const deleteData = <T>(url: string, params?: Params) =>
  logged<T>('DELETE', url, http.delete<T>(url, { params }));
/** DELETE with a JSON body (unassign students); the original sent a Bearer token here, which the server accepts. */
export const deleteDataWithBody = <T>(url: string, body: unknown) =>
  logged<T>(
    'DELETE',
    url,
    http.delete<T>(url, { data: body, headers: { Authorization: `Bearer ${getToken() ?? ''}` } }),
  );

/**
 * The server's reason for a failed call, if it gave one: in English exactly the server's `message`; in another
 * language the message of its `code` with the reply's `params`, when that language has one (error-text.ts).
 */
export function errorMessage(err: unknown): string | undefined {
  if (!(err instanceof AxiosError)) return undefined;
  const data = err.response?.data as { message?: unknown } | undefined;
  if (!data || typeof data.message !== 'string') return undefined;
  return errorText(errorCode(err), errorParams(err), data.message);
}

/**
 * The server's stable `code` for a refused call (shared-rules ERROR_CODES), to show the reason in the user's
 * language; undefined without an answer, or for a code this build does not know (show `errorMessage` then).
 */
export function errorCode(err: unknown): ErrorCode | undefined {
  const code = errorBody<{ code?: unknown }>(err)?.code;
  return isErrorCode(code) ? code : undefined;
}

/** The values the server's message holds (a field, a limit, a name), for a translation of `errorCode` to put in. */
export function errorParams(err: unknown): ErrorParams {
  const params = errorBody<{ params?: unknown }>(err)?.params;
  return params !== null && typeof params === 'object' && !Array.isArray(params) ? (params as ErrorParams) : {};
}

/**
 * The server's reason for a refused call and the field it is about (`name`, `nis`, …), when it named one, so a form
 * can show the reason next to that field.
 */
export function fieldError(err: unknown): { field?: string; message?: string } {
  const data = errorBody<{ field?: unknown }>(err);
  const field = data && typeof data.field === 'string' && data.field ? data.field : undefined;
  return { field, message: errorMessage(err) };
}

/** A failure text with the server's reason on a new line after it (the text itself stays first and unchanged). */
export function withReason(text: string, err: unknown): string {
  const reason = errorMessage(err);
  return reason ? `${text}\n${reason}` : text;
}

/** True when the call failed without any answer from the server (offline, unreachable, CORS). */
export function isNetworkError(err: unknown): boolean {
  return err instanceof AxiosError && !err.response;
}

/** HTTP status of a failed call, if the server answered. */
export function errorStatus(err: unknown): number | undefined {
  return err instanceof AxiosError ? err.response?.status : undefined;
}

/** The JSON body the server sent with a failed call, if any (e.g. the per-row `errors` of a refused student import). */
export function errorBody<T = unknown>(err: unknown): T | undefined {
  return err instanceof AxiosError ? (err.response?.data as T | undefined) : undefined;
}
