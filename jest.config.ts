import type { Config } from 'jest';

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

// OpenLayers and its helpers ship ESM only.
const esmPackages = ['ol', 'rbush', 'quickselect', 'earcut', 'pbf', 'color-[a-z-]+', 'geotiff'];

const serverEsmPackages = ['cookie', 'content-disposition', '@fastify/cookie'];

const config: Config = {
  // PGlite keeps a WASM worker alive after close(); without this jest waits for it forever.
  forceExit: true,
  // Server suites open an embedded PostgreSQL and screen tests type into forms: on two busy cores a
  // hook or a test can take more than jest's default 5 s (seeding a suite's database took 30 s+ under load).
  testTimeout: 60_000,
  projects: [
    {
      displayName: 'web',
      // jsdom plus Node's fetch globals (RTK Query needs Request/Response/Headers).
      testEnvironment: '<rootDir>/test/support/webEnvironment.ts',
      roots: ['<rootDir>/test/web', '<rootDir>/test/shared'],
      setupFilesAfterEnv: ['<rootDir>/test/support/setupWeb.ts'],
      transform: { '^.+\\.(t|j)sx?$': swc as never, '^.+\\.mjs$': swc as never },
      transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
      moduleNameMapper: {
        '\\.(css|less)$': '<rootDir>/test/support/styleStub.ts',
        '\\.(png|jpe?g|svg|webp|gif)$': '<rootDir>/test/support/fileStub.ts',
      },
    } as Config,
    {
      displayName: 'server',
      // node, plus PGlite opened outside the module sandbox (see the file for why).
      testEnvironment: '<rootDir>/test/support/serverEnvironment.ts',
      roots: ['<rootDir>/test/server'],
      // .mjs: scripts/pg.mjs (the throwaway PostgreSQL of test/server/postgres).
      transform: { '^.+\\.(t|j)sx?$': swc as never, '^.+\\.mjs$': swc as never },
      // ESM-only packages the Fastify plugins load (by require or import()) must become CommonJS.
      transformIgnorePatterns: [`/node_modules/(?!(${serverEsmPackages.join('|')})/)`],
      globalSetup: '<rootDir>/test/support/serverGlobalSetup.ts',
      // The server-render tests (test/server/render) import the SPA's pages.
      moduleNameMapper: {
        '\\.(css|less)$': '<rootDir>/test/support/styleStub.ts',
        '\\.(png|jpe?g|svg|webp|gif)$': '<rootDir>/test/support/fileStub.ts',
      },
    },
  ],
};

export default config;
