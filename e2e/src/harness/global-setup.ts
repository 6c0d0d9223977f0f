import fs from 'node:fs';
import { chromium, type BrowserServer } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, WS_ENDPOINT_ENV } from './chromium';
import { REPO_ROOT } from './server';
import { bundleServer, SERVER_BUNDLE_ENV } from './server-bundle';

declare global {
  // shared between global setup and teardown
  var __KELASKU_BROWSER_SERVER__: BrowserServer | undefined;
}

/** One Chromium and one bundle of the server for the whole run; each test file connects to it and opens its own contexts. */
export default async function globalSetup(): Promise<void> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  globalThis.__KELASKU_BROWSER_SERVER__ = server;
  process.env[WS_ENDPOINT_ENV] = server.wsEndpoint();
  process.env[SERVER_BUNDLE_ENV] = bundleServer(REPO_ROOT);
}
