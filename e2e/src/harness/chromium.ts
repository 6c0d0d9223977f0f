/** Debian's Chromium (apt-get install -y chromium); never a browser downloaded by Playwright. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Flags for a sandboxed CI machine with no outside network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/** Environment variable through which global-setup hands the shared browser to the test files. */
export const WS_ENDPOINT_ENV = 'KELASKU_E2E_BROWSER_WS';
