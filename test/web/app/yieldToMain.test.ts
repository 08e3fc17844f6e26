import { whenIdle, yieldToMain } from '../../../src/web/app/yieldToMain';

const globals = globalThis as { scheduler?: unknown; requestIdleCallback?: unknown };

afterEach(() => {
  delete globals.scheduler;
  delete globals.requestIdleCallback;
  jest.useRealTimers();
});

describe('yieldToMain', () => {
  it("uses the browser's scheduler.yield where there is one", async () => {
    const yieldFn = jest.fn(() => Promise.resolve());
    globals.scheduler = { yield: yieldFn };
    await yieldToMain();
    expect(yieldFn).toHaveBeenCalledTimes(1);
  });

  it('else resumes in a task of its own (a timer), not in the same task', async () => {
    jest.useFakeTimers();
    const resumed = jest.fn();
    void yieldToMain().then(resumed);
    await Promise.resolve();
    expect(resumed).not.toHaveBeenCalled();
    await jest.runAllTimersAsync();
    expect(resumed).toHaveBeenCalledTimes(1);
  });
});

describe('whenIdle', () => {
  it('waits for requestIdleCallback, with a deadline', () => {
    const ric = jest.fn();
    globals.requestIdleCallback = ric;
    const fn = jest.fn();
    whenIdle(fn, 1234);
    expect(fn).not.toHaveBeenCalled();
    expect(ric).toHaveBeenCalledWith(expect.any(Function), { timeout: 1234 });
    (ric.mock.calls[0] as [() => void])[0]();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('else runs in a later task', () => {
    jest.useFakeTimers();
    const fn = jest.fn();
    whenIdle(fn);
    expect(fn).not.toHaveBeenCalled();
    jest.runAllTimers();
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
