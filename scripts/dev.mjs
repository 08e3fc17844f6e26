// `npm run dev`: the API server (port 3000) plus webpack-dev-server with hot reload (port 8080) proxying /api.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './lib.mjs';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', path.join(root, 'src/server/main.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'development' },
  }),
  spawn(
    process.execPath,
    [path.join(root, 'node_modules/webpack-cli/bin/cli.js'), 'serve', '--mode', 'development'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  ),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
