/**
 * The in-memory read model (issue 18; docs/ARCHITECTURE.md "Read model and caches"): per process,
 * the public rows of task pages and list pages, and live sessions, each dropped on the write that
 * changes it (./invalidation.ts) or at a short deadline, whichever comes first. The SQL stays
 * where it was (tasks/loadTask.ts, routes/taskList.ts, auth/session.ts): this only keeps results.
 *
 * What differs per viewer is never shared: a task row is loaded as a visitor sees the database
 * (no viewer) and presentTask applies each viewer's rules (offers, contacts, exact places); its
 * answer is kept with the row under that viewer's key (what presentTask reads of them: uuid and
 * moderator role), so it goes when the row goes. The one per-viewer fact the row cannot carry
 * (whether a party has already reviewed, for awaiting_action) is read for that viewer as before,
 * and that answer is not kept.
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../shared/locales';
import type { Category, TaskQuestions } from '../../shared/types';
import { queryConversation, type LoadedConversation } from '../chat/chat';
import type { Db, Queryable } from '../db/db';
import {
  loadTaskEntry,
  needsViewerFacts,
  presentTask,
  queryTaskRow,
  taskEntryOf,
  UUID_PATTERN,
  type TaskEntry,
  type Viewer,
} from '../tasks/loadTask';
import type { UserRow } from '../users';
import type { CacheBus, CacheEvent } from './invalidation';
import { taskAnswerOf, type JsonAnswer, type TaskAnswer } from './jsonAnswer';
import { createPageCache, VisitorPages, type RenderedPage } from './pageCache';
import { ExpiringCache } from './store';
import { ViewBuffer } from './viewBuffer';
import '../types';

/** How long an entry may live without a write (the time-dependent parts: online, expired). */
export const TASK_TTL_MS = 10_000;
export const LIST_TTL_MS = 5_000;
export const SESSION_TTL_MS = 30_000;
/** The category tree's counts are of the last 7 days: a minute late at its edge is no news. */
export const CATEGORIES_TTL_MS = 60_000;
export const CONVERSATION_TTL_MS = 10_000;

export interface CachedSession {
  user: UserRow;
  sessionId: string;
}

export interface ReadModel {
  bus: CacheBus;
  tasks: ExpiringCache<TaskEntry>;
  /** List pages as sent (./jsonAnswer.ts): the same for every viewer. */
  lists: ExpiringCache<JsonAnswer>;
  /** The category tree with its weekly task counts, per locale (GET /api/categories). */
  categories: ExpiringCache<Category[]>;
  /** Each task's public questions by task uuid, the same for every viewer (questions.ts). */
  questions: ExpiringCache<TaskQuestions>;
  sessions: ExpiringCache<CachedSession>;
  /** Chat conversations by uuid: their task's and participants' public data (chat/chat.ts). */
  conversations: ExpiringCache<LoadedConversation>;
  /** The conversation by uuid through `conversations`, or null. */
  conversation(db: Queryable, uuid: string): Promise<LoadedConversation | null>;
  /** Server-rendered pages by what they are made of (./pageCache.ts). */
  pages: ExpiringCache<RenderedPage>;
  /** A visitor's server-rendered pages by URL, until any task or user write (./pageCache.ts). */
  visitorPages: VisitorPages;
  views: ViewBuffer;
  /**
   * The task as this viewer may see it (loadTaskEntry's answer, from the cached row), serialized:
   * kept with the row for each viewer who asked, so a repeated read presents and serializes
   * nothing (the view count is filled per request, ./jsonAnswer.ts).
   */
  taskAnswer(
    db: Queryable,
    slugOrUuid: string,
    viewer: Viewer | null,
    locale: Locale,
  ): Promise<TaskAnswer | null>;
}

/** Identifiers whose uuid is remembered (a few bytes each; beyond it they are asked for again). */
const MAX_IDENTIFIERS = 100_000;

/** Viewers whose answers one cached task keeps (a burst of signed-in readers starts it over). */
const ANSWERS_PER_TASK = 64;

/** What presentTask reads of a viewer (loadTask.ts Viewer): their answers may be shared. */
const viewerKeyOf = (viewer: Viewer | null): string =>
  viewer === null ? '' : `${viewer.uuid}|${viewer.is_moderator === true ? 'm' : ''}`;

declare module 'fastify' {
  interface FastifyInstance {
    readModel: ReadModel;
  }
}

export function createReadModel(
  bus: CacheBus,
  rawDb: Db,
  options: { onError?: (err: unknown) => void } = {},
): ReadModel {
  const tasks = new ExpiringCache<TaskEntry>(2000);
  const lists = new ExpiringCache<JsonAnswer>(500);
  const categories = new ExpiringCache<Category[]>(20);
  const questions = new ExpiringCache<TaskQuestions>(2000);
  const sessions = new ExpiringCache<CachedSession>(20_000);
  const conversations = new ExpiringCache<LoadedConversation>(5000);
  const pages = createPageCache();
  const visitorPages = new VisitorPages();
  // A task is asked for by its identifier (pages, shared links) and by its uuid (the app after a
  // write): once its uuid is known, one cached row serves both. Identifiers never change.
  const uuidByIdentifier = new Map<string, string>();
  // Each cached row's answers by viewer: they go with the row (a new row starts empty).
  const answers = new WeakMap<TaskEntry, Map<string, TaskAnswer>>();
  const views = new ViewBuffer(rawDb, {
    onError: options.onError,
    // Its writes go around the watched Db: it says itself which tasks' counts changed.
    onFlushed: (changed) => {
      for (const task of changed) bus.emit({ kind: 'counted', key: task });
    },
  });
  const involves = (entry: TaskEntry, user: string) =>
    entry.row.author_uuid === user || entry.row.offers.some((o) => o.freelancer_uuid === user);

  bus.on((event: CacheEvent) => {
    const { kind, key } = event;
    if (kind === 'all') {
      tasks.clear();
      conversations.clear();
      questions.clear();
      lists.clear();
      categories.clear();
      sessions.clear();
      pages.clear();
      visitorPages.clear();
      views.forget(null);
    } else if (kind === 'task') {
      lists.clear();
      categories.clear();
      visitorPages.clear();
      if (key === null) {
        tasks.clear();
        questions.clear();
        conversations.clear();
      } else {
        tasks.deleteWhere((entry) => entry.row.uuid === key);
        questions.delete(key);
        // Its title, hidden state, and whether the freelancer's offer is live (made, not passed
        // over): an offer's edit ('offer') changes none of them.
        conversations.deleteWhere((c) => c.conversation.task.uuid === key);
      }
    } else if (kind === 'offer') {
      // Only the offer's parties see what changed (privacy.ts offersVisibleTo): visitors' pages
      // and list pages show the count of offers, which an edit does not move.
      if (key === null) tasks.clear();
      else tasks.deleteWhere((entry) => entry.row.uuid === key);
    } else if (kind === 'counted') {
      // Only the view count moved: the row is read again for it; pages and lists do not show it
      // (a page's count is as old as the page, PAGE_TTL_MS at most).
      if (key === null) tasks.clear();
      else tasks.deleteWhere((entry) => entry.row.uuid === key);
    } else if (kind === 'user') {
      lists.clear();
      categories.clear();
      visitorPages.clear();
      // Any asker's name or photo may be on any task's questions.
      questions.clear();
      if (key === null) {
        tasks.clear();
        sessions.clear();
        conversations.clear();
      } else {
        tasks.deleteWhere((entry) => involves(entry, key));
        sessions.deleteWhere((s) => s.user.uuid === key);
        conversations.deleteWhere((c) => c.customerUuid === key || c.freelancerUuid === key);
      }
    } else if (kind === 'session') {
      if (key === null) sessions.clear();
      else sessions.delete(key);
    } else {
      views.forget(key);
    }
  });

  return {
    bus,
    tasks,
    lists,
    categories,
    questions,
    sessions,
    conversations,
    pages,
    visitorPages,
    views,
    conversation(db, uuid) {
      const id = uuid.toLowerCase();
      return conversations.through(id, () => queryConversation(db, id), CONVERSATION_TTL_MS);
    },
    async taskAnswer(db, slugOrUuid, viewer, locale) {
      const id = UUID_PATTERN.test(slugOrUuid)
        ? slugOrUuid.toLowerCase()
        : (uuidByIdentifier.get(slugOrUuid) ?? slugOrUuid);
      const entry = await tasks.through(
        `${id}|${locale}`,
        async () => {
          const row = await queryTaskRow(db, id, null, locale);
          if (row) {
            if (uuidByIdentifier.size >= MAX_IDENTIFIERS) uuidByIdentifier.clear();
            uuidByIdentifier.set(row.identifier, row.uuid);
          }
          return row ? taskEntryOf(row) : null;
        },
        TASK_TTL_MS,
      );
      if (!entry) return null;
      // A party of an assigned task: their review facts decide awaiting_action (as before).
      if (needsViewerFacts(entry.row, viewer)) {
        const loaded = await loadTaskEntry(db, slugOrUuid, viewer, locale);
        return loaded && taskAnswerOf(loaded);
      }
      let byViewer = answers.get(entry);
      if (!byViewer) answers.set(entry, (byViewer = new Map()));
      const key = viewerKeyOf(viewer);
      let answer = byViewer.get(key);
      if (!answer) {
        // presentTask throws for a hidden task (410): nothing is kept then.
        answer = taskAnswerOf(presentTask(entry, viewer));
        if (byViewer.size >= ANSWERS_PER_TASK) byViewer.clear();
        byViewer.set(key, answer);
      }
      return answer;
    },
  };
}

export const readModelPlugin = fp<{ bus: CacheBus; rawDb: Db }>(
  async (app: FastifyInstance, { bus, rawDb }) => {
    const model = createReadModel(bus, rawDb, {
      onError: (err) => app.log.error({ err }, 'view counts: a batch could not be written'),
    });
    app.decorate('readModel', model);
    app.addHook('onReady', async () => {
      await bus.start();
    });
    app.addHook('onClose', async () => {
      // Before the database closes (main.ts and the tests close the app first).
      await model.views.close();
      await bus.close();
    });
  },
  { name: 'talka-read-model' },
);
