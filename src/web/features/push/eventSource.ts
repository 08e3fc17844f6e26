/** The part of EventSource the push saga uses; tests inject a fake with the same shape. */
export interface EventSourceLike {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent<string>) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

/** Null when the environment has no EventSource (old browsers, jsdom): no push, no errors. */
export type EventSourceFactory = (url: string) => EventSourceLike | null;

const browserEventSource: EventSourceFactory = (url) =>
  typeof EventSource === 'undefined'
    ? null
    : (new EventSource(url, { withCredentials: true }) as unknown as EventSourceLike);

let factory: EventSourceFactory = browserEventSource;

export const createEventSource = (url: string): EventSourceLike | null => factory(url);

/** Test hook: replace (or with no argument restore) the EventSource constructor. */
export function setEventSourceFactory(next?: EventSourceFactory): void {
  factory = next ?? browserEventSource;
}
