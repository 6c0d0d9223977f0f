import type { EssayScorer } from '../grading';
import { LocalEssayScorer } from './local';
import { OpenAiEssayScorer } from './openai';

export { LocalEssayScorer } from './local';
export { OpenAiEssayScorer } from './openai';

export interface ScorerConfig {
  scorer: EssayScorer;
  timeoutMs: number;
}

/** Which essay scorer to use (config.ts reads it from ESSAY_SCORER, OPENAI_* and ESSAY_SCORER_TIMEOUT_MS). */
export type EssayScorerSettings =
  | { kind: 'local'; timeoutMs: number }
  | { kind: 'openai'; timeoutMs: number; baseUrl: string; apiKey: string; model: string };

export const LOCAL_SCORER: EssayScorerSettings = { kind: 'local', timeoutMs: 5000 };

export function scorerFrom(settings: EssayScorerSettings = LOCAL_SCORER): ScorerConfig {
  const scorer =
    settings.kind === 'openai'
      ? new OpenAiEssayScorer({ baseUrl: settings.baseUrl, apiKey: settings.apiKey, model: settings.model })
      : new LocalEssayScorer();
  return { timeoutMs: settings.timeoutMs, scorer };
}
