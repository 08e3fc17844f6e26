// `npm start`: build the SPA when missing or stale, then run the API server that also serves it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildIfStale, root } from './lib.mjs';

buildIfStale();
const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
