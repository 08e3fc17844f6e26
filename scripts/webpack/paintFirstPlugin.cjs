// Paint first, then run the bundles (issue 8, the task page's LCP against its static floor).
//
// html-webpack-plugin would put the entry's bundles into index.html as <script defer>. On a fast
// connection they have arrived before the parser ends, so they run before the browser's first
// paint, and the server-rendered first paint waits for them. Here each bundle becomes a
// <link rel="preload" as="script" fetchpriority="low" data-talka-entry> (downloaded as early as
// before, at the priority of a deferred script: a preload is fetched at high priority otherwise,
// ahead of the pictures of the first screen, for scripts that run only after the first paint) and a
// small inline loader (scripts/webpack/boot.js) adds them, in order, once the first
// paint is on the screen. The loader is inline, not a file: a file of its own is one more request
// before the bundles can start, queued behind them on a slow connection. The Content-Security-Policy
// allows it by its hash, taken from the built index.html (src/server/spa.ts inlineScriptHashes);
// html-webpack-plugin's minifyJS (webpack.config.ts) shortens it in production builds.
const fs = require('node:fs');
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');

const BOOT_SOURCE = path.join(__dirname, 'boot.js');

class PaintFirstPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('PaintFirstPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap(
        'PaintFirstPlugin',
        (data) => {
          compilation.fileDependencies.add(BOOT_SOURCE);
          const code = fs.readFileSync(BOOT_SOURCE, 'utf8');
          const isScript = (tag) =>
            tag.tagName === 'script' && tag.attributes && tag.attributes.src;
          const preloads = [...data.headTags, ...data.bodyTags].filter(isScript).map((tag) =>
            HtmlWebpackPlugin.createHtmlTagObject('link', {
              rel: 'preload',
              as: 'script',
              fetchpriority: 'low',
              href: tag.attributes.src,
              'data-talka-entry': true,
            }),
          );
          const boot = HtmlWebpackPlugin.createHtmlTagObject('script', {}, code);
          data.headTags = [...data.headTags.filter((tag) => !isScript(tag)), ...preloads, boot];
          data.bodyTags = data.bodyTags.filter((tag) => !isScript(tag));
          return data;
        },
      );
    });
  }
}

module.exports = { PaintFirstPlugin };
