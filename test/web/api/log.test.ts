/**
 * The API log's console levels: faults as errors (5xx, no answer) and warnings (4xx); successes
 * and the answers a caller expects (a task gone) at the debug level, hidden by default in browsers.
 */
import { apiLog } from '../../../src/web/api/log';

let error: jest.SpyInstance;
let warn: jest.SpyInstance;
let debug: jest.SpyInstance;

beforeEach(() => {
  error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  debug = jest.spyOn(console, 'debug').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

it.each([
  [500, 'error'],
  ['FETCH_ERROR', 'error'],
  [410, 'warn'],
  [404, 'warn'],
  [200, 'debug'],
] as const)('logs %s as %s', (status, level) => {
  apiLog.response({ method: 'GET', url: '/api/tasks/TK1', status });
  const levels = { error, warn, debug };
  for (const [name, spy] of Object.entries(levels)) {
    expect([name, spy.mock.calls]).toEqual([
      name,
      name === level ? [[`[api] GET /api/tasks/TK1 -> ${status}`]] : [],
    ]);
  }
});

it('logs an expected 404 or 410 at the debug level, not as a warning', () => {
  apiLog.response({ method: 'GET', url: '/api/tasks/TK1', status: 410, expected: true });
  apiLog.response({ method: 'GET', url: '/api/tasks/TK2', status: 404, expected: true });
  expect(warn).not.toHaveBeenCalled();
  expect(error).not.toHaveBeenCalled();
  expect(debug.mock.calls).toEqual([
    ['[api] GET /api/tasks/TK1 -> 410'],
    ['[api] GET /api/tasks/TK2 -> 404'],
  ]);
});
