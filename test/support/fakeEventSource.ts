import {
  setEventSourceFactory,
  type EventSourceLike,
} from '../../src/web/features/push/eventSource';

/** A controllable EventSource: the test plays the server of /api/push. */
export class FakeEventSource implements EventSourceLike {
  static instances: FakeEventSource[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  close() {
    this.closed = true;
  }
  open() {
    this.onopen?.(new Event('open'));
  }
  send(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  fail() {
    this.onerror?.(new Event('error'));
  }

  /** Installs the fake as the push saga's EventSource (uninstall() restores the browser's). */
  static install(): void {
    FakeEventSource.instances = [];
    setEventSourceFactory((url) => new FakeEventSource(url));
  }
  static uninstall(): void {
    setEventSourceFactory();
  }
  static latest(): FakeEventSource {
    return FakeEventSource.instances[FakeEventSource.instances.length - 1];
  }
  /** The streams not closed yet. */
  static open(): FakeEventSource[] {
    return FakeEventSource.instances.filter((source) => !source.closed);
  }
}
