/** Response schema of GET /classes/to-review (also the OpenAPI document): shared-rules/src/wire/review.ts. */
import { review } from '@kelasku/shared-rules/src/wire';

export const toReviewResponse = { 200: review.classReviewListSchema };
