/**
 * `npm run bench -- --only=render`: the rendering bench (scripts/bench/*.bench.tsx) in the web
 * project's jsdom setup. Not part of `npm test`: it measures, it does not assert timings.
 */
import type { Config } from 'jest';
import base from './jest.config';

const web = (base.projects ?? []).find(
  (p): p is Config => typeof p === 'object' && (p as Config).displayName === 'web',
);
if (!web) throw new Error('jest.config.ts has no web project');

const config: Config = {
  ...web,
  displayName: 'bench',
  rootDir: __dirname,
  roots: ['<rootDir>/scripts/bench'],
  testMatch: ['**/*.bench.tsx'],
  forceExit: true,
  testTimeout: 120_000,
};

export default config;
