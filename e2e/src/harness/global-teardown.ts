/** Closes the Chromium started by global-setup.ts. */
export default async function globalTeardown(): Promise<void> {
  await globalThis.__KELASKU_BROWSER_SERVER__?.close();
}
