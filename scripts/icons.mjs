// Renders Talka's icon (public/images/icon.svg) into the PNGs the pages link:
//   the tab icon, 48 x 48, inlined as a data: URL into public/index.html (no request of its own);
//   public/images/apple-touch-icon.png, 180 x 180, for a phone's home screen.
// PNGs, not the SVG itself: a browser draws an SVG icon as an SVG document of its own, a frame the
// page's renderer creates, lays out and paints on its main thread after the first paint (7-30 ms
// there on every page load, docs/PERFORMANCE.md); a PNG is decoded off it.
// Run `node scripts/icons.mjs` after changing icon.svg and commit what it writes.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const pub = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public');
const svg = fs.readFileSync(path.join(pub, 'images', 'icon.svg'));

const png = (size) =>
  sharp(svg, { density: (72 * size * 4) / 64 })
    .resize(size, size)
    .png({ palette: true, colors: 16, compressionLevel: 9, effort: 10 })
    .toBuffer();

const touch = await png(180);
fs.writeFileSync(path.join(pub, 'images', 'apple-touch-icon.png'), touch);
console.log(`images/apple-touch-icon.png: 180 x 180, ${touch.length} bytes`);

const tab = await png(48);
const indexFile = path.join(pub, 'index.html');
const html = fs.readFileSync(indexFile, 'utf8');
const link = /(<link\s+rel="icon"\s+type="image\/png"\s+sizes="48x48"\s+href=")[^"]*(")/;
if (!link.test(html))
  throw new Error('public/index.html has no <link rel="icon" type="image/png" sizes="48x48">');
fs.writeFileSync(
  indexFile,
  html.replace(link, `$1data:image/png;base64,${tab.toString('base64')}$2`),
);
console.log(`index.html: tab icon 48 x 48, ${tab.length} bytes`);
