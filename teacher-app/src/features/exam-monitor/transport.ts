import { getData, postData } from '@kelasku/shared-api';
import type { MonitorStatus } from '@kelasku/shared-rules';

/** One student of the class as the monitor reads them (instants in WIB, never a countdown). */
export interface MonitorStudent {
  student_id: number;
  name: string;
  nis: string;
  status: MonitorStatus;
  answered: number;
  total: number;
  last_activity: string | null;
  devices: number;
  extra_minutes: number;
  end_time: string;
}

export interface ExamMonitor {
  exam_id: number;
  title: string;
  start_time: string;
  end_time: string;
  one_device: boolean;
  offline_after_seconds: number;
  students: MonitorStudent[];
}

// The browser revalidates with the ETag itself (the reply says no-cache): an unchanged monitor costs a 304.
export const fetchMonitor = (examId: number) => getData<ExamMonitor>('/exams/monitor', { id: examId });

export const postExtraTime = (examId: number, studentId: number, minutes: number) =>
  postData<{ message: string }>('/exams/monitor/extra-time', { student_id: studentId, minutes }, { id: examId });
export const postOneDevice = (examId: number, on: boolean) =>
  postData<{ message: string }>('/exams/monitor/one-device', { on }, { id: examId });
export const postReleaseDevice = (examId: number, studentId: number) =>
  postData<{ message: string }>('/exams/monitor/release-device', { student_id: studentId }, { id: examId });
export const postEndAttempt = (examId: number, studentId: number) =>
  postData<{ message: string }>('/exams/monitor/end-attempt', { student_id: studentId }, { id: examId });
