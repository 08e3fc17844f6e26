// The share of each package in a page's first-load JavaScript, from the production build's source
// maps (like source-map-explorer): every byte of minified output is attributed to the source file
// its mapping points at, and the file to its npm package (or to Talka's own code).
import fs from 'node:fs';
import path from 'node:path';
import { root } from '../lib.mjs';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** Decodes one segment of base64 VLQ numbers. */
function decodeSegment(segment) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = DIGIT.get(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** 'webpack://talka/./node_modules/@scope/pkg/x.js' -> '@scope/pkg'; our code -> 'talka (src)'. */
export function packageOf(source) {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (match) return match[1];
  if (/\/src\//.test(source) || source.includes('./src/')) return 'talka (src)';
  if (/translations\//.test(source)) return 'talka (messages)';
  return 'other (webpack runtime, unmapped)';
}

/** Bytes of one minified file per package. */
export function bytesByPackage(file) {
  const code = fs.readFileSync(file, 'utf8');
  // The locale catalogs are JSON modules: webpack maps none of their bytes.
  const unmapped = path.basename(file).startsWith('messages-')
    ? 'talka (messages)'
    : 'other (webpack runtime, unmapped)';
  const mapFile = `${file}.map`;
  const totals = new Map();
  const add = (pkg, n) => totals.set(pkg, (totals.get(pkg) ?? 0) + n);
  if (!fs.existsSync(mapFile)) {
    add(unmapped, Buffer.byteLength(code));
    return totals;
  }
  const map = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
  const packages = map.sources.map(packageOf);
  const lines = code.split('\n');
  const mappingLines = map.mappings.split(';');
  let sourceIndex = 0;
  lines.forEach((line, i) => {
    const segments = (mappingLines[i] ?? '').split(',').filter(Boolean);
    let column = 0;
    let previousColumn = 0;
    let previousPackage = unmapped;
    for (const segment of segments) {
      const values = decodeSegment(segment);
      column += values[0];
      add(previousPackage, Buffer.byteLength(line.slice(previousColumn, column)));
      if (values.length >= 4) {
        sourceIndex += values[1];
        previousPackage = packages[sourceIndex] ?? previousPackage;
      } else {
        previousPackage = unmapped;
      }
      previousColumn = column;
    }
    add(previousPackage, Buffer.byteLength(line.slice(previousColumn)) + 1);
  });
  return totals;
}

/** Package shares over a list of files of dist/ (JavaScript only), largest first. */
export function packageShares(files) {
  const totals = new Map();
  for (const f of files.filter((name) => name.endsWith('.js'))) {
    for (const [pkg, n] of bytesByPackage(path.join(root, 'dist', f))) {
      totals.set(pkg, (totals.get(pkg) ?? 0) + n);
    }
  }
  const all = [...totals.values()].reduce((a, b) => a + b, 0);
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .map(([pkg, bytes]) => ({
      package: pkg,
      rawKB: +(bytes / 1024).toFixed(1),
      share: bytes / all,
    }));
}

/** Shares for the first load of the home page, the task list and the task page, and the chunks. */
export function packageReport() {
  const stats = JSON.parse(fs.readFileSync(path.join(root, '.cache/webpack-stats.json'), 'utf8'));
  const assetsOf = (group) =>
    (stats.namedChunkGroups[group]?.assets ?? []).map((a) => (typeof a === 'string' ? a : a.name));
  const messages = Object.keys(stats.namedChunkGroups).filter((g) => /^messages-.*lv/.test(g));
  const firstLoad = (page) => [
    ...new Set([...assetsOf('main'), ...assetsOf(page), ...messages.flatMap(assetsOf)]),
  ];
  return {
    'home page (first load)': packageShares(firstLoad('page-home')),
    'task list (first load)': packageShares(firstLoad('page-tasks')),
    'task detail (first load)': packageShares(firstLoad('page-task')),
    'map chunk': packageShares(assetsOf('map')),
    'gallery chunk': packageShares(assetsOf('lightbox')),
  };
}
