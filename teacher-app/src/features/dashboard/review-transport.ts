import { getData, type ClassReviewList } from '@kelasku/shared-api';

export type { ClassReviewList, ReviewItem } from '@kelasku/shared-api';

export const classReviewList = (classId: number) => getData<ClassReviewList>('/classes/to-review', { id: classId });
