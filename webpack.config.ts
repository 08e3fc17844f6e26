import fs from 'node:fs';
import path from 'node:path';
import type { Compiler, Configuration } from 'webpack';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import MomentLocalesPlugin from 'moment-locales-webpack-plugin';
import CompressionPlugin from 'compression-webpack-plugin';
import { gzip as zopfli } from '@gfx/zopfli';
import zlib from 'node:zlib';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS build plugin
const { PaintFirstPlugin } = require('./scripts/webpack/paintFirstPlugin.cjs');

const root = __dirname;
// react-router's dist/ (its package.json is exported; its dist/production is not).
const reactRouterDist = path.join(
  path.dirname(require.resolve('react-router/package.json')),
  'dist',
);

/** compression-webpack-plugin's algorithm: a gzip stream from zopfli (what `gzip -9` reads). */
function zopfliGzip(
  input: Buffer,
  _options: unknown,
  callback: (error: Error | null | undefined, result: Buffer | Uint8Array) => void,
): void {
  zopfli(input, { numiterations: 15 }, (error, output) => callback(error, output));
}

/**
 * Writes the chunk groups and assets that scripts/size.mjs checks against the budgets: to
 * .cache/webpack-stats.json for dist/, beside the output folder for another `--output-path` (so a
 * trial build elsewhere does not describe dist/ wrongly).
 */
class StatsFilePlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.done.tap('StatsFilePlugin', (stats) => {
      const json = stats.toJson({ all: false, assets: true, chunkGroups: true, entrypoints: true });
      const out = compiler.outputPath;
      const file =
        path.resolve(out) === path.join(root, 'dist')
          ? path.join(root, '.cache/webpack-stats.json')
          : `${out.replace(/[\\/]+$/, '')}.webpack-stats.json`;
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(json));
    });
  }
}

export default (_env: unknown, argv: { mode?: 'production' | 'development' }) => {
  const production = argv.mode !== 'development';
  const config: Configuration & { devServer?: DevServerConfiguration } = {
    mode: production ? 'production' : 'development',
    entry: { main: path.join(root, 'src/web/main.tsx') },
    output: {
      path: path.join(root, 'dist'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      // Production: the chunk's id, not its name. With names the runtime carries a table of every
      // lazy chunk's name (0.5 KB gzip on every page); the names stay in the build's stats
      // (`npm run bench` reads them) and the source maps. Eight hex digits of content hash (32
      // bits) tell a chunk's versions apart; the runtime's table carries one per lazy chunk, and
      // ten were 0.1 KB gzip more on every page.
      chunkFilename: production ? 'assets/[id].[contenthash:8].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      // Production catalogs are precompiled (compiledMessagesLoader below): the ICU parser is not
      // shipped. A message missing from a catalog then renders its defaultMessage unformatted, so
      // every catalog must hold every id (test/shared/catalogs.test.ts).
      // react-router's package exports only its development build (dist/development, whose dev
      // warnings are on); the production build beside it is the same code with them off. Both of
      // its entry points, so that one copy of its contexts ships (issue 15).
      alias: production
        ? {
            '@formatjs/icu-messageformat-parser$':
              require.resolve('@formatjs/icu-messageformat-parser/lib/no-parser.js'),
            'react-router$': path.join(reactRouterDist, 'production/index.mjs'),
            'react-router/dom$': path.join(reactRouterDist, 'production/dom-export.mjs'),
          }
        : {},
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          // Our modules have no import-time side effects: what a page imports through an index.ts
          // but does not use (another export of that feature) is left out of its chunk.
          sideEffects: false,
          use: [
            {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2020',
                },
              },
            },
            // Production: message descriptors lose their English defaultMessage (the catalogs
            // have every id); development keeps them for messages not translated yet.
            ...(production
              ? [path.join(root, 'scripts/webpack/stripDefaultMessagesLoader.cjs')]
              : []),
            // First (loaders run last to first): the server's render gives the same class names.
            path.join(root, 'scripts/webpack/styledComponentIdsLoader.cjs'),
          ],
        },
        ...(production
          ? [
              {
                test: /\.mjs$/,
                include: path.join(reactRouterDist, 'production'),
                use: path.join(root, 'scripts/webpack/pureTopLevelCallsLoader.cjs'),
              },
              {
                test: /\.json$/,
                include: path.join(root, 'translations'),
                use: path.join(root, 'scripts/webpack/compiledMessagesLoader.cjs'),
              },
            ]
          : []),
        { test: /\.css$/, type: 'asset/resource' },
        { test: /\.(png|jpe?g|svg|webp|gif|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        template: path.join(root, 'public/index.html'),
        scriptLoading: 'defer',
        minify: production
          ? { collapseWhitespace: true, removeComments: false, minifyJS: true }
          : false,
      }),
      // The bundles run after the first paint (scripts/webpack/paintFirstPlugin.cjs).
      new PaintFirstPlugin(),
      // moment ships every locale and would bundle the kept ones into its own module; keep none there:
      // src/web/i18n/moment.ts imports ours one by one, on demand (en is built in).
      new MomentLocalesPlugin(),
      ...(production ? [new StatsFilePlugin()] : []),
      // Precompressed siblings (name.js.br, name.js.gz) that the server sends to browsers that accept
      // them (@fastify/static preCompressed, src/server/spa.ts): compressed once at build time at the
      // highest levels, never per request. index.html is a template the server fills, so not here.
      ...(production
        ? [
            // gzip streams from zopfli: 3-4 % smaller than zlib's level 9, what a browser without
            // brotli downloads; slow (seconds per 100 KB), so once here and never per request.
            new CompressionPlugin({
              filename: '[path][base].gz',
              algorithm: zopfliGzip,
              test: /\.(js|css|svg|json|txt)$/,
              threshold: 1024,
              minRatio: 0.9,
            }),
            new CompressionPlugin<zlib.BrotliOptions>({
              filename: '[path][base].br',
              algorithm: 'brotliCompress',
              test: /\.(js|css|svg|json|txt)$/,
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
              threshold: 1024,
              minRatio: 0.9,
            }),
          ]
        : []),
      new CopyWebpackPlugin({
        patterns: [
          {
            from: path.join(root, 'public'),
            to: '.',
            globOptions: { ignore: ['**/index.html'] },
            noErrorOnMissing: true,
          },
        ],
      }),
    ],
    optimization: {
      // webpack's own HTML minimizer drops comments, and the server fills the <!--talka-head-->,
      // <!--talka-config--> and <!--talka-data--> ones (src/server/spa.ts); html-webpack-plugin
      // minifies index.html already.
      minimizeOptions: { html: false },
      splitChunks: {
        chunks: 'all',
        // OpenLayers (the map's 90 KB gzip) comes in parts: a script is compiled in one task when
        // it runs (in one 39 ms task of a phone's main thread for the whole of it, when the browser
        // could not compile it while it loaded, as under DevTools); in parts, several shorter tasks
        // with room for input between them. Only the map's vendor code is this large.
        maxAsyncSize: 650_000,
        cacheGroups: {
          // webpack's default vendor group, but for redux-saga: only the sagas' chunk uses it
          // (app/store.ts loads that when the sagas have work), so it stays in that chunk instead
          // of a vendor chunk of its own beside it, one request and gzip stream less on a task page.
          defaultVendors: {
            test: /[\\/]node_modules[\\/](?!(@redux-saga|redux-saga)[\\/])/,
            priority: -10,
            reuseExistingChunk: true,
          },
        },
      },
      runtimeChunk: false,
    },
    performance: { hints: false },
    devServer: {
      port: Number(process.env.DEV_PORT || 8080),
      historyApiFallback: true,
      hot: true,
      proxy: [
        { context: ['/api', '/uploads'], target: `http://localhost:${process.env.PORT || 3000}` },
      ],
    },
  };
  return config;
};
