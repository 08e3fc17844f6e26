/**
 * Jest environment for server suites: node, plus a way to open PGlite OUTSIDE jest's module sandbox.
 * PGlite's emscripten loader calls import('node:module'), which the sandbox refuses without
 * --experimental-vm-modules; loaded here, in the worker's own realm, it works and its compiled wasm
 * is shared by every suite the worker runs. jest.config.ts makes it the server project's environment.
 */
import fs from 'node:fs';
import { TestEnvironment } from 'jest-environment-node';
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import { PGlite } from '@electric-sql/pglite';

export interface PgliteOpener {
  /** Opens an in-memory PGlite loaded from a dumpDataDir() file. */
  openFromDump(dumpPath: string): Promise<PGlite>;
}

const DATE_TYPES = { date: 1082, timestamp: 1114, timestamptz: 1184 } as const;

const isDate = (value: unknown): value is Date =>
  Object.prototype.toString.call(value) === '[object Date]';

/**
 * PGlite's own date handling uses `instanceof Date`, which fails across realms: a Date a test
 * passes in would be rejected, and a Date it returns would not be a Date to the test. These
 * serializers and parsers bridge both ways, using the sandbox's Date for results.
 */
function openerFor(SandboxDate: DateConstructor): PgliteOpener {
  const serialize = (value: unknown): string => {
    if (typeof value === 'string') return value;
    if (typeof value === 'number') return new Date(value).toISOString();
    if (isDate(value)) return value.toISOString();
    throw new Error('Invalid input for date type');
  };
  const parse = (value: string): Date | number => {
    if (value === 'infinity') return Infinity;
    if (value === '-infinity') return -Infinity;
    return new SandboxDate(value);
  };
  const serializers: Record<number, (value: unknown) => string> = {};
  const parsers: Record<number, (value: string) => unknown> = {};
  for (const oid of Object.values(DATE_TYPES)) {
    serializers[oid] = serialize;
    parsers[oid] = parse;
  }
  return {
    async openFromDump(dumpPath) {
      const buffer = fs.readFileSync(dumpPath);
      return PGlite.create({
        loadDataDir: new Blob([buffer], { type: 'application/x-gzip' }),
        serializers,
        parsers,
      });
    },
  };
}

export default class ServerEnvironment extends TestEnvironment {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    this.global.__talkaPglite = openerFor(this.global.Date as DateConstructor);
  }
}
