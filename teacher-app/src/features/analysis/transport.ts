import { getData, type ItemAnalysis } from '@kelasku/shared-api';
import { workQuery, type WorkRef } from '../../lib/work';

export type { ItemAnalysis, QuestionAnalysis, ScoreBin } from '@kelasku/shared-api';

export const fetchAnalysis = (work: WorkRef) =>
  getData<ItemAnalysis>(`/${work.kind === 'exam' ? 'exams' : 'exercises'}/analysis?${workQuery(work)}`);
