// Demo accounts of the seeded school (README), used only by the standalone dev harness of each remote.
// Override with DEMO_USERNAME / DEMO_PASSWORD. Never part of a production build.
export const DEMO_ACCOUNTS = {
  admin: { username: 'admin', password: 'admin123' },
  teacher: { username: '198501012010011001', password: 'guru123' },
  student: { username: '2024100001', password: 'siswa123' },
} as const;
