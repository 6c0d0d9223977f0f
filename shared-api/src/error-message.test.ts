import i18next from 'i18next';
import { ApiError, errorMessage } from './http';

const refusal = (data: unknown, status = 400) => new ApiError(status, data);

const tooLarge = refusal(
  {
    code: 'payload-too-large',
    params: { limit: '5 MB' },
    error: 'Payload Too Large',
    message: 'Request body is too large (max 5 MB here)',
  },
  413,
);
// The errors namespace's own messages are written elsewhere: this test brings the ones it reads.
const TEST_MESSAGES = {
  en: { 'payload-too-large': 'Too large (test, {{limit}})' },
  id: { 'payload-too-large': 'Terlalu besar (uji, maks. {{limit}})' },
};
const saved = {
  en: i18next.getResourceBundle('en', 'errors') as object,
  id: i18next.getResourceBundle('id', 'errors') as object,
};

beforeEach(() => {
  for (const language of ['en', 'id'] as const)
    i18next.addResourceBundle(language, 'errors', TEST_MESSAGES[language], true, true);
});
afterEach(() => {
  for (const language of ['en', 'id'] as const) {
    i18next.removeResourceBundle(language, 'errors');
    i18next.addResourceBundle(language, 'errors', saved[language]);
  }
});

describe('errorMessage', () => {
  it("is exactly the server's message in English, whatever the code", () => {
    expect(errorMessage(tooLarge)).toBe('Request body is too large (max 5 MB here)');
  });

  it("is the code's message with the reply's params in Indonesian", async () => {
    await i18next.changeLanguage('id');
    expect(errorMessage(tooLarge)).toBe('Terlalu besar (uji, maks. 5 MB)');
  });

  it("keeps the server's message in Indonesian for a code without an Indonesian message, an unknown code or none", async () => {
    await i18next.changeLanguage('id');
    i18next.removeResourceBundle('id', 'errors');
    expect(errorMessage(tooLarge)).toBe('Request body is too large (max 5 MB here)');
    i18next.addResourceBundle('id', 'errors', TEST_MESSAGES.id);
    expect(errorMessage(refusal({ code: 'from-a-newer-server', message: 'Newer reason' }))).toBe('Newer reason');
    expect(errorMessage(refusal({ message: 'Plain reason' }))).toBe('Plain reason');
  });

  it('is undefined without an answer from the server', async () => {
    await i18next.changeLanguage('id');
    expect(errorMessage(new ApiError(undefined))).toBeUndefined();
    expect(errorMessage(new Error('boom'))).toBeUndefined();
  });
});
