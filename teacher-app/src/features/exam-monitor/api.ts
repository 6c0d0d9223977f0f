import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { MONITOR_REFRESH_MS } from '@kelasku/shared-rules';
import { fetchMonitor, postEndAttempt, postExtraTime, postOneDevice, postReleaseDevice } from './transport';

export const monitorKeys = {
  of: (examId: number) => ['exam-monitor', examId] as const,
};

/** The monitor reads itself again every few seconds, also while the tab is in the background of a proctor's phone. */
export const monitorQuery = (examId: number) =>
  queryOptions({
    queryKey: monitorKeys.of(examId),
    queryFn: () => fetchMonitor(examId),
    refetchInterval: MONITOR_REFRESH_MS,
    refetchIntervalInBackground: true,
  });

/** The proctor's actions; each reads the monitor again at once. */
export function useMonitorActions(examId: number) {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: monitorKeys.of(examId) });
  return {
    extraTime: useMutation({
      mutationFn: (v: { studentId: number; minutes: number }) => postExtraTime(examId, v.studentId, v.minutes),
      onSuccess,
    }),
    oneDevice: useMutation({ mutationFn: (on: boolean) => postOneDevice(examId, on), onSuccess }),
    release: useMutation({ mutationFn: (studentId: number) => postReleaseDevice(examId, studentId), onSuccess }),
    endAttempt: useMutation({ mutationFn: (studentId: number) => postEndAttempt(examId, studentId), onSuccess }),
  };
}
