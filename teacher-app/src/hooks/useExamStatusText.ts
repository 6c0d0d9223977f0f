import { useTranslation } from 'react-i18next';
import type { ExamStatus } from '@kelasku/shared-api';

const EXAM_STATUS_KEY = {
  Scheduled: 'assessments.examStatus.scheduled',
  Active: 'assessments.examStatus.active',
  Completed: 'assessments.examStatus.completed',
} as const satisfies Record<ExamStatus, string>;

/** The exam's status as shown (the API's word in English, the glossary's in Indonesian). */
export function useExamStatusText(): (status: ExamStatus) => string {
  const { t } = useTranslation('teacher');
  return (status) => (status in EXAM_STATUS_KEY ? t(EXAM_STATUS_KEY[status]) : status);
}
