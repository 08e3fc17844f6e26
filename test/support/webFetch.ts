/** Helpers to answer fetch calls with real Response objects (Node's, via webEnvironment.ts). */
export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

export type FetchMock = jest.Mock<Promise<Response>, [Request | string, RequestInit?]>;

/** Replaces global fetch; each call gets the next answer (the last one repeats). */
export function mockFetch(
  ...answers: Array<Response | (() => Response | Promise<Response>) | Error>
) {
  let index = 0;
  const mock: FetchMock = jest.fn(async (_input: Request | string, _init?: RequestInit) => {
    const answer = answers[Math.min(index, answers.length - 1)];
    index += 1;
    if (answer instanceof Error) throw answer;
    const response = typeof answer === 'function' ? await answer() : answer;
    return response.clone();
  });
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
}

/** The Request a fetch mock was called with. */
export const requestOf = (mock: FetchMock, call = 0): Request => {
  const arg = mock.mock.calls[call][0];
  return typeof arg === 'string' ? new Request(arg) : arg;
};
