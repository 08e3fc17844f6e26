/**
 * View counts, buffered (issue 18). A task read no longer waits for a write: a view that may count
 * is queued here and written in batches (recordView, the same statement and the same 6-hour rule
 * as before, so the database still decides what counts, across processes too), like a group
 * commit: when no batch is being written the queue is written at once (in the background); views
 * that come while a batch is written wait for the next one (at most FLUSH_AT per transaction).
 * close() (app.close()) writes what is left: a clean shutdown loses no counted view.
 *
 * Which views need a write at all is known without one: `recent` remembers the keys (viewer and
 * address) this process saw counted, or found in task_views, within the window; a key it does not
 * know is looked up once in task_views (one indexed read). A write to task_views by anyone else
 * (NOTIFY views:<task>) forgets that task's keys, so the next view asks the database again.
 */
import type { Db } from '../db/db';
import { recordView, VIEW_WINDOW_HOURS } from '../tasks/views';

/** Views per transaction at most. */
export const FLUSH_AT = 200;
/** Remembered keys at most (beyond it the oldest are forgotten and asked for again). */
const RECENT_MAX = 100_000;
const WINDOW_MS = VIEW_WINDOW_HOURS * 3600 * 1000;

export interface PendingView {
  taskUuid: string;
  key: string;
  authorUuid: string;
  address: string | null;
}

export interface ViewBufferOptions {
  onError?: (err: unknown) => void;
  /** Called after a batch is written, with the tasks it touched. */
  onFlushed?: (taskUuids: Set<string>) => void;
}

export class ViewBuffer {
  private queue: { view: PendingView; counts: boolean }[] = [];
  /** `${task}|${key}` -> until when it is known to be counted (ms). */
  private readonly recent = new Map<string, number>();
  /** Views queued per task that will count (added to the cached views_count meanwhile). */
  private readonly pendingByTask = new Map<string, number>();
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly options: ViewBufferOptions = {},
  ) {}

  /** Views queued for this task that will count. */
  pending(taskUuid: string): number {
    return this.pendingByTask.get(taskUuid) ?? 0;
  }

  /** Forgets the remembered keys of a task (null: of every task). */
  forget(taskUuid: string | null): void {
    if (taskUuid === null) {
      this.recent.clear();
      return;
    }
    const prefix = `${taskUuid}|`;
    for (const key of this.recent.keys()) if (key.startsWith(prefix)) this.recent.delete(key);
  }

  /**
   * Whether this viewer's view would change nothing, known without a query: the owner, or a
   * viewer counted within the window (view() resolves to false for them).
   */
  seen(taskUuid: string, key: string, authorUuid: string): boolean {
    return key === `user:${authorUuid}` || this.known(taskUuid, key, Date.now());
  }

  private known(taskUuid: string, key: string, now: number): boolean {
    const until = this.recent.get(`${taskUuid}|${key}`);
    return until !== undefined && until > now;
  }

  private remember(taskUuid: string, key: string, until: number): void {
    const id = `${taskUuid}|${key}`;
    this.recent.delete(id);
    if (this.recent.size >= RECENT_MAX) {
      const oldest = this.recent.keys().next();
      if (!oldest.done) this.recent.delete(oldest.value);
    }
    this.recent.set(id, until);
  }

  /**
   * A view of the task by `key` (and a visitor's `address`): queues it when it may be new and
   * says whether it counts (then the caller shows views_count + 1). The owner's views never count.
   */
  async view(view: PendingView): Promise<boolean> {
    const { taskUuid, key, authorUuid, address } = view;
    if (key === `user:${authorUuid}`) return false;
    const keys = address === null ? [key] : [key, address];
    const now = Date.now();
    // The viewer was counted within the window: nothing to write (recordView would change nothing).
    if (this.known(taskUuid, key, now)) return false;
    const unknown = keys.filter((k) => !this.known(taskUuid, k, now));
    let counts = unknown.length === keys.length;
    if (unknown.length > 0) {
      const rows = await this.db.query<{ viewer_key: string; left_ms: number }>(
        `SELECT viewer_key,
                (EXTRACT(EPOCH FROM viewed_at + make_interval(hours => $3) - now()) * 1000)::float8
                  AS left_ms
           FROM task_views
          WHERE task_uuid = $1 AND viewer_key = ANY($2::text[])
            AND viewed_at > now() - make_interval(hours => $3)`,
        [taskUuid, unknown, VIEW_WINDOW_HOURS],
      );
      for (const row of rows) this.remember(taskUuid, row.viewer_key, now + Number(row.left_ms));
      if (rows.some((r) => r.viewer_key === key)) return false;
      if (rows.length > 0) counts = false;
    }
    // Every key is remembered as seen now: a repeat view before the flush writes nothing more.
    for (const k of keys)
      if (!this.known(taskUuid, k, now)) this.remember(taskUuid, k, now + WINDOW_MS);
    this.queue.push({ view, counts });
    if (counts) this.pendingByTask.set(taskUuid, this.pending(taskUuid) + 1);
    // Started now, so on PGlite the batch runs before any statement issued after this request.
    if (!this.flushing) void this.flush();
    return counts;
  }

  /** Writes every queued view (one transaction per batch); resolves when they are written. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.queue.length === 0) return;
    const batch = this.queue.splice(0, FLUSH_AT);
    const tasks = new Set(batch.map((item) => item.view.taskUuid));
    this.flushing = (async () => {
      try {
        await this.db.transaction(async (tx) => {
          for (const { view: v } of batch) {
            await recordView(tx, v.taskUuid, v.key, v.authorUuid, v.address);
          }
        });
      } catch (err) {
        this.options.onError?.(err);
      } finally {
        // In the same turn as the cached rows are dropped (onFlushed): no read sees neither.
        for (const { view, counts } of batch) {
          if (!counts) continue;
          const left = this.pending(view.taskUuid) - 1;
          if (left > 0) this.pendingByTask.set(view.taskUuid, left);
          else this.pendingByTask.delete(view.taskUuid);
        }
        this.flushing = null;
        this.options.onFlushed?.(tasks);
      }
    })();
    await this.flushing;
    // Views queued while this batch was written.
    if (this.queue.length > 0) await this.flush();
  }

  /** Writes what is left (app.close()). */
  async close(): Promise<void> {
    await this.flush();
  }
}
