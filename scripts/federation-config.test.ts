import path from 'node:path';
import type { Module } from 'webpack';
import { appConfig, sharedConfig } from '../webpack/federation';

// How the apps share MUI (webpack/federation.ts): per component, the shell's copy winning, in one chunk of the shell.
const root = path.join(__dirname, '..');
const config = (name: string, dir: string) => appConfig({ name, dir: path.join(root, dir), mode: 'production' });
const federationOptions = (name: string, dir: string) => {
  const plugin = config(name, dir).plugins?.find((p) => p?.constructor.name === 'ModuleFederationPlugin') as unknown as { _options: Record<string, unknown> };
  return plugin._options;
};
const muiChunkTest = (name: string, dir: string) => {
  const splitChunks = config(name, dir).optimization?.splitChunks;
  const group = splitChunks ? (splitChunks.cacheGroups?.mui as { test: (m: Module) => boolean } | undefined) : undefined;
  return group && ((file: string) => group.test({ nameForCondition: () => file } as unknown as Module));
};
const inMui = (file: string) => `${root}/node_modules/@mui/${file}`;

it('shares MUI per component, never the barrel', () => {
  const shared = sharedConfig(path.join(root, 'teacher-app'));
  expect(shared['@mui/material/']).toMatchObject({ singleton: true });
  expect(shared['@mui/material']).toBeUndefined();
});

it('lets what the shell provides win over a remote copy of the same version', () => {
  expect(federationOptions('shell', 'shell').shareStrategy).toBe('loaded-first');
  expect(federationOptions('student', 'student-app').shareStrategy).toBe('loaded-first');
});

it("puts the shell's MUI in one chunk, except components no first screen uses; remotes keep webpack's default", () => {
  const test = muiChunkTest('shell', 'shell');
  expect(test).toBeDefined();
  expect(test?.(inMui('material/Button/Button.mjs'))).toBe(true);
  expect(test?.(inMui('system/createStyled/createStyled.mjs'))).toBe(true);
  expect(test?.(`${root}/node_modules/@emotion/styled/dist/emotion-styled.browser.esm.js`)).toBe(true);
  expect(test?.(inMui('material/Table/Table.mjs'))).toBe(false);
  expect(test?.(inMui('material/TableRow/TableRow.mjs'))).toBe(false);
  expect(test?.(inMui('x-charts/BarChart/BarChart.mjs'))).toBe(false);
  expect(test?.(`${root}/node_modules/react-dom/index.js`)).toBe(false);
  expect(muiChunkTest('admin', 'admin-app')).toBeUndefined();
});
