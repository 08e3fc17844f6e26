// The plugin ships no typings; this is the part webpack.config.ts uses.
declare module 'moment-locales-webpack-plugin' {
  import type { WebpackPluginInstance, Compiler } from 'webpack';
  export default class MomentLocalesPlugin implements WebpackPluginInstance {
    constructor(options?: { localesToKeep?: string[] });
    apply(compiler: Compiler): void;
  }
}
