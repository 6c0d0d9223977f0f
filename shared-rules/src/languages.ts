// The UI's languages, the same list for the browser (shared-ui/src/i18n.ts) and the server (a user's stored choice).
export const LANGUAGES = ['en', 'id'] as const;
export type Language = (typeof LANGUAGES)[number];

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);
