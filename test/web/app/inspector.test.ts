import type { AnyActorRef, InspectionEvent } from 'xstate';

const inspectorMock = { inspect: { next: jest.fn() }, start: jest.fn() };
const createBrowserInspector = jest.fn((_options?: { autoStart?: boolean }) => inspectorMock);
jest.mock('@statelyai/inspect', () => ({ createBrowserInspector }));

type InspectorModule = typeof import('../../../src/web/app/inspector');

/** A fresh module: the inspector is created once per page. */
function loadInspector(): InspectorModule {
  let loaded: InspectorModule | undefined;
  jest.isolateModules(() => {
    loaded = jest.requireActual<InspectorModule>('../../../src/web/app/inspector');
  });
  return loaded!;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

const root = { sessionId: 'x:0' } as AnyActorRef;
const child = { sessionId: 'x:1' } as AnyActorRef;
const snapshotEvent = (actorRef: AnyActorRef, type: string, value: string): InspectionEvent => ({
  type: '@xstate.snapshot',
  rootId: 'x:0',
  actorRef,
  event: { type },
  snapshot: { value, status: 'active', context: { rate: 0 } } as never,
});

const originalEnv = process.env.NODE_ENV;

beforeEach(() => {
  createBrowserInspector.mockClear();
  inspectorMock.inspect.next.mockClear();
  inspectorMock.start.mockClear();
  localStorage.clear();
});
afterEach(() => {
  process.env.NODE_ENV = originalEnv;
  localStorage.clear();
});

describe('machineInspector', () => {
  it('returns undefined in production, even when asked for, and never loads the inspector', async () => {
    process.env.NODE_ENV = 'production';
    localStorage.setItem('talkaInspect', '1');
    const { machineInspector } = loadInspector();
    expect(machineInspector()).toBeUndefined();
    await flush();
    expect(createBrowserInspector).not.toHaveBeenCalled();
  });

  it('returns undefined in development unless localStorage.talkaInspect is 1', async () => {
    process.env.NODE_ENV = 'development';
    const { machineInspector } = loadInspector();
    expect(machineInspector()).toBeUndefined();
    await flush();
    expect(createBrowserInspector).not.toHaveBeenCalled();
  });

  it('in development when asked for: one inspector, started on demand, events replayed', async () => {
    process.env.NODE_ENV = 'development';
    localStorage.setItem('talkaInspect', '1');
    const { machineInspector } = loadInspector();
    const inspect = machineInspector();
    expect(inspect).toBeInstanceOf(Function);
    expect(machineInspector()).toBe(inspect);

    const early = snapshotEvent(root, 'xstate.init', 'reason');
    inspect!(early);
    await flush();
    expect(createBrowserInspector).toHaveBeenCalledTimes(1);
    expect(createBrowserInspector).toHaveBeenCalledWith({ autoStart: false });
    expect(inspectorMock.start).toHaveBeenCalledTimes(1);
    expect(inspectorMock.inspect.next).toHaveBeenCalledWith(early);

    const later = snapshotEvent(root, 'NEXT', 'rating');
    inspect!(later);
    expect(inspectorMock.inspect.next).toHaveBeenLastCalledWith(later);
  });
});

describe('machineDevtools', () => {
  it('dispatches <prefix>/<event type> for the root machine only, with value, status and context', () => {
    process.env.NODE_ENV = 'production';
    const { machineDevtools } = loadInspector();
    const dispatch = jest.fn();
    const inspect = machineDevtools('completion/wizard', dispatch);
    inspect(snapshotEvent(root, 'NEXT', 'rating'));
    inspect(snapshotEvent(child, 'xstate.init', 'ignored'));
    inspect({
      type: '@xstate.event',
      rootId: 'x:0',
      actorRef: root,
      sourceRef: undefined,
      event: { type: 'NEXT' },
    });
    expect(dispatch.mock.calls).toEqual([
      [
        {
          type: 'completion/wizard/NEXT',
          payload: { value: 'rating', status: 'active', context: { rate: 0 } },
        },
      ],
    ]);
  });
});
