// Where the API is: kept free of the HTTP client (ky), so the shell's first load can read it (sealed answers are delivered there).
declare global {
  interface Window {
    /** Optional API base set by whoever deploys (e.g. https://api.school.id/api/v1). */
    KELASKU_API_BASE?: string;
  }
}

export const apiBase = (typeof window !== 'undefined' && window.KELASKU_API_BASE) || '/api/v1';
