/**
 * Loads the web app's modules (src/web) for the server's render with the same styled-components
 * ids as the browser's build: scripts/styledComponentIds.cjs on the TypeScript source, then
 * TypeScript's own transpiler to CommonJS. Every other file keeps the runtime's loader (tsx, or
 * Jest's transform: there no HTML is hydrated and this hook is not installed).
 *
 * Imported first by src/server/render/index.ts, before any module of src/web.
 */
import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import ts from 'typescript';

interface CompilableModule {
  _compile(code: string, filename: string): unknown;
}
type Loader = (module: CompilableModule, filename: string) => void;

// Plain CommonJS scripts shared with the webpack build (scripts/webpack/styledComponentIdsLoader.cjs).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { addStyledComponentIds } = require('../../../scripts/styledComponentIds.cjs') as {
  addStyledComponentIds(source: string, filename: string): string;
};

const WEB_DIR = path.resolve(__dirname, '../../web') + path.sep;

const COMPILER_OPTIONS: ts.CompilerOptions = {
  module: ts.ModuleKind.CommonJS,
  target: ts.ScriptTarget.ES2022,
  jsx: ts.JsxEmit.ReactJSX,
  esModuleInterop: true,
  sourceMap: false,
  inlineSourceMap: true,
};

let installed = false;

/** Installs the loader for .ts/.tsx files under src/web (once; only where tsx runs the server). */
export function installWebModuleLoader(): void {
  if (installed || process.env.JEST_WORKER_ID !== undefined) return;
  installed = true;
  const extensions = (Module as unknown as { _extensions: Record<string, Loader | undefined> })
    ._extensions;
  for (const ext of ['.ts', '.tsx']) {
    const fallback = extensions[ext];
    if (!fallback) continue;
    extensions[ext] = (module, filename) => {
      if (!filename.startsWith(WEB_DIR)) return fallback(module, filename);
      const source = addStyledComponentIds(fs.readFileSync(filename, 'utf8'), filename);
      const { outputText } = ts.transpileModule(source, {
        compilerOptions: COMPILER_OPTIONS,
        fileName: filename,
      });
      module._compile(outputText, filename);
    };
  }
}

installWebModuleLoader();
