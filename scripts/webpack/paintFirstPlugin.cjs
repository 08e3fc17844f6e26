// Paint first, then run the bundles (issue 8, the task page's LCP against its static floor).
//
// html-webpack-plugin would put the entry's bundles into index.html as <script defer>. On a fast
// connection they have arrived before the parser ends, so they run before the browser's first
// paint, and the server-rendered first paint waits for them. Here each bundle becomes a
// <link rel="preload" as="script" data-talka-entry> (downloaded as early as before, at the same
// priority) and one small <script defer> (scripts/webpack/boot.js, emitted as assets/boot.[hash].js)
// adds the bundles, in order, after the first frame. Same-origin scripts: the CSP is unchanged.
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');

const BOOT_SOURCE = path.join(__dirname, 'boot.js');

class PaintFirstPlugin {
  apply(compiler) {
    const { RawSource } = compiler.webpack.sources;
    compiler.hooks.compilation.tap('PaintFirstPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(
        'PaintFirstPlugin',
        (data) => {
          // Without its comment lines: a few hundred bytes before the page's bundles.
          const code = fs
            .readFileSync(BOOT_SOURCE, 'utf8')
            .split('\n')
            .filter((line) => !line.trimStart().startsWith('//'))
            .map((line) => line.trim())
            .join('');
          const hash = createHash('sha256').update(code).digest('hex').slice(0, 10);
          const file = `assets/boot.${hash}.js`;
          if (!compilation.getAsset(file)) compilation.emitAsset(file, new RawSource(code));
          const publicPath = data.publicPath ?? '/';
          const isScript = (tag) =>
            tag.tagName === 'script' && tag.attributes && tag.attributes.src;
          const preloads = [...data.headTags, ...data.bodyTags].filter(isScript).map((tag) =>
            HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'preload',
              as: 'script',
              href: tag.attributes.src,
              'data-talka-entry': true,
            }),
          );
          const boot = HtmlWebpackPlugin.createHtmlTagObject('script', {
            defer: true,
            src: `${publicPath.replace(/\/?$/, '/')}${file}`,
          });
          data.headTags = [...data.headTags.filter((tag) => !isScript(tag)), ...preloads, boot];
          data.bodyTags = data.bodyTags.filter((tag) => !isScript(tag));
          return data;
        },
      );
    });
  }
}

module.exports = { PaintFirstPlugin };
