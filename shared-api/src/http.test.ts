import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { errorMessage, getData, http, isNetworkError } from './http';

describe('http client', () => {
  beforeEach(() => localStorage.clear());

  it('sends the stored token raw, without Bearer', async () => {
    localStorage.setItem('token', 'abc.def.ghi');
    let seen: string | undefined;
    http.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
      seen = AxiosHeaders.from(config.headers).get('Authorization') as string;
      return { data: { ok: true }, status: 200, statusText: 'OK', headers: {}, config };
    };
    await expect(getData('/classes')).resolves.toEqual({ ok: true });
    expect(seen).toBe('abc.def.ghi');
  });

  it('logs a failure with its verb and rethrows it', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    http.defaults.adapter = async (config: InternalAxiosRequestConfig) => {
      throw new AxiosError('Network Error', 'ERR_NETWORK', config);
    };
    const failure = getData('/students').catch((e: unknown) => e);
    const err = await failure;
    expect(isNetworkError(err)).toBe(true);
    expect(error.mock.calls[0][0]).toBe('GET /students failed:');
  });

  it('reads the server message of a failed call', () => {
    const response = { data: { error: 'x', message: 'Invalid credentials' }, status: 401, statusText: '', headers: {}, config: { headers: new AxiosHeaders() } };
    const err = new AxiosError('fail', 'ERR_BAD_REQUEST', undefined, undefined, response);
    expect(errorMessage(err)).toBe('Invalid credentials');
    expect(isNetworkError(err)).toBe(false);
  });
});
