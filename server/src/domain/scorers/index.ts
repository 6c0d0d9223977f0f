import type { EssayScorer } from '../grading';
import { LocalEssayScorer } from './local';
import { OpenAiEssayScorer } from './openai';

export { LocalEssayScorer } from './local';
export { OpenAiEssayScorer } from './openai';

export interface ScorerConfig {
  scorer: EssayScorer;
  timeoutMs: number;
}

/**
 * Picks the essay scorer from the environment: `ESSAY_SCORER=openai` needs `OPENAI_API_KEY` (and optionally
 * `OPENAI_BASE_URL`, `OPENAI_MODEL`); anything else uses the local reference-answer scorer.
 */
export function scorerFromEnv(env: NodeJS.ProcessEnv = process.env): ScorerConfig {
  const timeout = Number(env.ESSAY_SCORER_TIMEOUT_MS);
  const timeoutMs = Number.isFinite(timeout) && timeout > 0 ? timeout : 5000;
  if (env.ESSAY_SCORER === 'openai' && env.OPENAI_API_KEY) {
    return {
      timeoutMs,
      scorer: new OpenAiEssayScorer({
        baseUrl: env.OPENAI_BASE_URL || 'https://api.openai.com/v1',
        apiKey: env.OPENAI_API_KEY,
        model: env.OPENAI_MODEL || 'gpt-4o-mini',
      }),
    };
  }
  return { timeoutMs, scorer: new LocalEssayScorer() };
}
