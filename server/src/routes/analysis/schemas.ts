/** Request and response schemas of the item-analysis routes (also the OpenAPI document). */
import { analysis } from '@kelasku/shared-rules/src/wire';
import { idSchema } from '../helpers';

export const analysisQuery = (idCol: 'exercise_id' | 'exam_id') =>
  ({
    type: 'object',
    required: [idCol],
    properties: { [idCol]: idSchema },
  }) as const;

/** The item analysis (shared-rules/src/wire/analysis.ts, the type shared-api/src/types.ts ItemAnalysis). */
export const analysisResponse = { 200: analysis.itemAnalysisSchema };
