// Query keys that more than one feature reads or invalidates (a handed-in sheet changes grades and the dashboard).

export const gradeKeys = {
  all: ['grades'] as const,
  exercises: (studentId: number | undefined) => [...gradeKeys.all, 'exercises', studentId] as const,
};

export const dashboardKeys = {
  all: ['dashboard'] as const,
  stats: () => [...dashboardKeys.all, 'stats'] as const,
  todo: () => [...dashboardKeys.all, 'todo'] as const,
};
