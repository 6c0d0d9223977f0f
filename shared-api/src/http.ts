import axios, { AxiosError, AxiosInstance } from 'axios';
import { getToken } from './session';

declare global {
  interface Window {
    /** Optional API base set by whoever deploys (e.g. https://api.school.id/api/v1). */
    KELASKU_API_BASE?: string;
  }
}

export const apiBase = (typeof window !== 'undefined' && window.KELASKU_API_BASE) || '/api/v1';

/** The one axios instance: sends the stored token raw (no Bearer), as the original client did. */
export const http: AxiosInstance = axios.create({ baseURL: apiBase });

http.interceptors.request.use((config) => {
  const token = getToken();
  if (token) config.headers.set('Authorization', token);
  return config;
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
export const postData = <T>(url: string, body?: unknown, params?: Params) =>
  logged<T>('POST', url, http.post<T>(url, body, { params }));
export const patchData = <T>(url: string, body?: unknown, params?: Params) =>
  logged<T>('PATCH', url, http.patch<T>(url, body, { params }));
export const putData = <T>(url: string, body?: unknown, params?: Params) =>
  logged<T>('PUT', url, http.put<T>(url, body, { params }));
export const deleteData = <T>(url: string, params?: Params) => logged<T>('DELETE', url, http.delete<T>(url, { params }));
/** DELETE with a JSON body (unassign students); the original sent a Bearer token here, which the server accepts. */
export const deleteDataWithBody = <T>(url: string, body: unknown) =>
  logged<T>('DELETE', url, http.delete<T>(url, { data: body, headers: { Authorization: `Bearer ${getToken() ?? ''}` } }));

/** The server's `message` from a failed call, if any. */
export function errorMessage(err: unknown): string | undefined {
  if (err instanceof AxiosError) {
    const data = err.response?.data as { message?: unknown } | undefined;
    if (data && typeof data.message === 'string') return data.message;
  }
  return undefined;
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
