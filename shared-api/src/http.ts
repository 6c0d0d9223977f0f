import ky, { isHTTPError, isNetworkError as isKyNetworkError } from 'ky';
import { errorText } from './error-text';
import { getToken } from './session';
// The catalogue file alone (not the shared-rules index): every app's first screen loads this module.
import { type ErrorCode, type ErrorParams, isErrorCode } from '@kelasku/shared-rules/src/error-codes';

import { apiBase } from './api-base';

export { apiBase };

/**
 * A failed API call, whatever carried it: the HTTP status and the server's reply (`{ message, code, field, … }`) when
 * the server answered, neither when it did not (offline, unreachable). The library underneath stays out of the
 * screens: they read a failure with the functions below (errorStatus, errorMessage, isNetworkError…).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The HTTP status of the answer; undefined when no answer came. */
  readonly status: number | undefined;
  /** The server's `code` for the refusal, as sent (errorCode() keeps only the ones this build knows). */
  readonly code: string | undefined;
  /** The reply's body: its JSON when it was JSON, else its text. */
  readonly body: unknown;

  constructor(status: number | undefined, body?: unknown, options?: ErrorOptions) {
    const reply = body !== null && typeof body === 'object' ? (body as { message?: unknown; code?: unknown }) : {};
    const fallback = status === undefined ? 'Network Error' : `Request failed with status code ${status}`;
    super(typeof reply.message === 'string' ? reply.message : fallback, options);
    this.status = status;
    this.code = typeof reply.code === 'string' ? reply.code : undefined;
    this.body = body;
  }
}

/**
 * The one client, on ky (fetch): no timeout and no retries of its own, as with axios before; a screen's reads are
 * retried by TanStack Query (shared-ui data.tsx) and the exam's answers by their queue. `prefix` keeps the API paths
 * (`/classes`) under the API base.
 */
const api = ky.create({ prefix: apiBase, timeout: false, retry: 0 });

type Verb = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export type Params = Record<string, string | number | boolean | undefined | null>;

interface Call {
  method: Verb;
  url: string;
  params?: Params;
  body?: unknown;
  headers?: Record<string, string>;
}

// When a signed-in call is refused with 401 (the token expired, a password reset or a deleted account ended the
// session), the call is parked instead of failing, later calls wait, and the shell is told to ask for a sign-in over
// the page. After it, the parked calls are sent again with the new token and the page carries on where it was: an
// answer sheet's save simply takes longer, it is never reported saved before the server has it.

interface ParkedCall {
  call: Call;
  resolve: (data: unknown) => void;
  reject: (error: unknown) => void;
}

let sessionEndedHandler: (() => void) | null = null;
let parked: ParkedCall[] = [];
/** Set while the session is ended: calls made meanwhile wait for it before leaving. */
let held: Promise<void> | null = null;
let release: () => void = () => undefined;

/** Sign-in and renewal: their 401 is the answer itself (wrong password, session over), never parked or held. */
function isSignInCall(call: Call): boolean {
  return /\/auth(\/refresh)?$/.test(call.url.split('?')[0]);
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
  for (const { call, resolve, reject } of calls) send(call).then(resolve, reject);
}

/**
 * Signed in as someone else (or signed out): the parked calls are forgotten, never sent with the other user's token.
 * The calls stay unanswered: the caller leaves the page (a full load of the new user's dashboard).
 */
export function dropParkedCalls(): void {
  parked = [];
}

function park(call: Call): Promise<unknown> {
  return new Promise((resolve, reject) => {
    parked.push({ call, resolve, reject });
    if (held) return;
    held = new Promise((done) => (release = done));
    sessionEndedHandler?.();
  });
}

/** The query string's values: null and undefined are left out, as axios did. */
function searchParamsOf(params: Params | undefined): URLSearchParams | undefined {
  if (!params) return undefined;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null) search.append(key, String(value));
  return search;
}

/** A reply's body: its JSON, or its text when it is not JSON ('' when empty), as axios gave it. */
function bodyOf(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : text;
  } catch {
    return text;
  }
}

/** Ky's failures as ApiError: an answer with its status and body, or no answer at all. Anything else as it is. */
function apiErrorOf(err: unknown): unknown {
  if (isHTTPError(err)) return new ApiError(err.response.status, err.data, { cause: err });
  if (isKyNetworkError(err)) return new ApiError(undefined, undefined, { cause: err });
  return err;
}

/** Sends a call with the stored token (raw, no Bearer, as the original client did) and returns the reply's body. */
async function send(call: Call): Promise<unknown> {
  if (held && !isSignInCall(call)) await held;
  const headers = new Headers(call.headers);
  const token = getToken();
  if (token) headers.set('Authorization', token);
  const sentWith = headers.get('Authorization');
  try {
    const reply = await api(call.url, {
      method: call.method,
      headers,
      searchParams: searchParamsOf(call.params),
      ...(call.body !== undefined && call.body !== null ? { json: call.body } : {}),
    });
    return bodyOf(await reply.text());
  } catch (raw) {
    const err = apiErrorOf(raw);
    if (!sessionEndedHandler || errorStatus(err) !== 401 || isSignInCall(call) || !sentWith) throw err;
    const now = getToken();
    // Signed in again or renewed (another tab) since this call left: send it again, with the new token.
    if (!held && now && now !== sentWith) return send(call);
    return park(call);
  }
}

/** Sends a call, logs a failure with its verb label and rethrows it, so screens decide what the user sees. */
function logged<T>(call: Call): Promise<T> {
  return send(call).then(
    (data) => data as T,
    (err: unknown) => {
      console.error(`${call.method} ${call.url} failed:`, err);
      throw err;
    },
  );
}

export const getData = <T>(url: string, params?: Params) => logged<T>({ method: 'GET', url, params });
export const postData = <T>(url: string, body?: unknown, params?: Params, headers?: Record<string, string>) =>
  logged<T>({ method: 'POST', url, body, params, headers });
export const patchData = <T>(url: string, body?: unknown, params?: Params, headers?: Record<string, string>) =>
  logged<T>({ method: 'PATCH', url, body, params, headers });
export const putData = <T>(url: string, body?: unknown, params?: Params) =>
  logged<T>({ method: 'PUT', url, body, params });
export const deleteData = <T>(url: string, params?: Params) => logged<T>({ method: 'DELETE', url, params });
/** DELETE with a JSON body (unassign students); the stored token goes raw here too, as with every call. */
export const deleteDataWithBody = <T>(url: string, body: unknown) => logged<T>({ method: 'DELETE', url, body });

/**
 * The server's reason for a failed call, if it gave one: in English exactly the server's `message`; in another
 * language the message of its `code` with the reply's `params`, when that language has one (error-text.ts).
 */
export function errorMessage(err: unknown): string | undefined {
  const data = errorBody<{ message?: unknown }>(err);
  if (!data || typeof data.message !== 'string') return undefined;
  return errorText(errorCode(err), errorParams(err), data.message);
}

/**
 * The server's stable `code` for a refused call (shared-rules ERROR_CODES), to show the reason in the user's
 * language; undefined without an answer, or for a code this build does not know (show `errorMessage` then).
 */
export function errorCode(err: unknown): ErrorCode | undefined {
  const code = err instanceof ApiError ? err.code : undefined;
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
  return err instanceof ApiError && err.status === undefined;
}

/** HTTP status of a failed call, if the server answered. */
export function errorStatus(err: unknown): number | undefined {
  return err instanceof ApiError ? err.status : undefined;
}

/** The JSON body the server sent with a failed call, if any (e.g. the per-row `errors` of a refused student import). */
export function errorBody<T = unknown>(err: unknown): T | undefined {
  return err instanceof ApiError ? (err.body as T | undefined) : undefined;
}
