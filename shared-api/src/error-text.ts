// A refusal's words in the user's language. The server (and the shared rules the browser applies before sending)
// name each problem by a stable code (shared-rules/src/error-codes.ts) with the values its words hold; the English
// words come with it and are shown as they are in English. Other languages translate the code ('errors' namespace,
// shared-ui/src/locales/errors/), turning a field or record name into a word of that language (`term.<name>`).
import i18next from 'i18next';
import type { ErrorParams } from '@kelasku/shared-rules/src/error-codes';

/** Params that name a field or a kind of record ('nis', 'start_time', 'class'). */
const NAMING_PARAMS = ['field', 'what'] as const;

export function errorText(code: string | undefined, params: ErrorParams | undefined, english: string): string {
  const language = i18next.resolvedLanguage ?? i18next.language;
  if (!code || !language || language === 'en' || !i18next.exists(`errors:${code}`)) return english;
  const values: Record<string, unknown> = { ...params };
  for (const name of NAMING_PARAMS) {
    const value = values[name];
    if (typeof value === 'string') values[name] = i18next.t(`errors:term.${value}`, { defaultValue: value });
  }
  return i18next.t(`errors:${code}`, values);
}
