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

const config: Config = {
  projects: [
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
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
      testEnvironment: 'node',
      roots: ['<rootDir>/test/server'],
      transform: { '^.+\\.(t|j)sx?$': swc as never },
      globalSetup: '<rootDir>/test/support/serverGlobalSetup.ts',
    },
  ],
};

export default config;
