/**
 * jsdom test environment with Node's own fetch API (fetch, Request, Response, Headers, FormData,
 * Blob, File, AbortController, streams): jsdom ships none of them, and RTK Query's fetchBaseQuery
 * needs them. Use it with `@jest-environment ./test/support/webEnvironment.ts` in a test file's
 * docblock, or as the web project's testEnvironment.
 */
import JsdomEnvironment from 'jest-environment-jsdom';
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';

const NODE_GLOBALS = [
  'fetch',
  'Request',
  'Response',
  'Headers',
  'FormData',
  'Blob',
  'File',
  'AbortController',
  'AbortSignal',
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
] as const;

export default class WebEnvironment extends JsdomEnvironment {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    const target = this.global as unknown as Record<string, unknown>;
    const source = globalThis as unknown as Record<string, unknown>;
    for (const name of NODE_GLOBALS) {
      if (source[name] !== undefined) target[name] = source[name];
    }
  }
}
