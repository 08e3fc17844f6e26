/**
 * Chat between a task's owner (customer) and one freelancer about that task (issue 5 'Chat').
 * One conversation per (task, freelancer); only its two participants read or write it. Messages are
 * plain text stored as typed; the reader marks the other party's messages read with a POST.
 */
import type {
  ChatConversation,
  ChatMessage,
  ChatParticipant,
  ChatReadReceipt,
} from '../../shared/types';
import type { ReadModel } from '../cache/readModel';
import type { Db, Queryable } from '../db/db';
import { forbidden, HttpError, notFound, taskRemoved } from '../errors';
import { isUuid } from '../push/hub';
import { photoOf } from '../users';

/** GET /api/chat/conversations/:uuid answers at most the latest this many messages. */
export const CHAT_HISTORY_LIMIT = 500;

const iso = (value: Date | string): string => new Date(value).toISOString();

interface ConversationRow {
  uuid: string;
  task_hidden: boolean;
  task_uuid: string;
  task_identifier: string;
  task_title: string;
  customer_uuid: string;
  customer_display_name: string;
  customer_photo_path: string | null;
  customer_deleted: boolean;
  freelancer_uuid: string;
  freelancer_display_name: string;
  freelancer_photo_path: string | null;
  freelancer_deleted: boolean;
  offer_live: boolean;
  created_at: Date | string;
}

interface MessageRow {
  id: number;
  conversation_uuid: string;
  sender_uuid: string;
  body: string;
  created_at: Date | string;
  read_at: Date | string | null;
}

/** A conversation with its participants' uuids, also when an account is deleted. */
export interface LoadedConversation {
  conversation: ChatConversation;
  customerUuid: string;
  freelancerUuid: string;
  /** A moderator hid the task (issue 19): gone (410) for the freelancer, kept for its owner. */
  taskHidden: boolean;
}

const CONVERSATION_COLUMNS = `c.uuid, c.task_uuid, t.identifier AS task_identifier, t.title AS task_title,
        t.hidden_at IS NOT NULL AS task_hidden,
        c.customer_uuid, cu.display_name AS customer_display_name,
        cu.photo_path AS customer_photo_path, cu.deleted_at IS NOT NULL AS customer_deleted,
        c.freelancer_uuid, fu.display_name AS freelancer_display_name,
        fu.photo_path AS freelancer_photo_path, fu.deleted_at IS NOT NULL AS freelancer_deleted,
        EXISTS (SELECT 1 FROM offers o
                 WHERE o.task_uuid = c.task_uuid AND o.freelancer_uuid = c.freelancer_uuid
                   AND (o.chosen_at IS NOT NULL OR NOT EXISTS (
                         SELECT 1 FROM offers x WHERE x.task_uuid = c.task_uuid AND x.chosen_at IS NOT NULL))
               ) AS offer_live,
        c.created_at`;

const CONVERSATION_FROM = `FROM chat_conversations c
   JOIN tasks t ON t.uuid = c.task_uuid
   JOIN users cu ON cu.uuid = c.customer_uuid
   JOIN users fu ON fu.uuid = c.freelancer_uuid`;

const CONVERSATION_SQL = `SELECT ${CONVERSATION_COLUMNS} ${CONVERSATION_FROM}`;

const participant = (
  uuid: string,
  displayName: string,
  photoPath: string | null,
  deleted: boolean,
): ChatParticipant | null =>
  deleted ? null : { uuid, display_name: displayName, photo: photoOf(photoPath) };

function toConversation(row: ConversationRow): LoadedConversation {
  return {
    conversation: {
      uuid: row.uuid,
      task: { uuid: row.task_uuid, identifier: row.task_identifier, title: row.task_title },
      customer: participant(
        row.customer_uuid,
        row.customer_display_name,
        row.customer_photo_path,
        row.customer_deleted,
      ),
      freelancer: participant(
        row.freelancer_uuid,
        row.freelancer_display_name,
        row.freelancer_photo_path,
        row.freelancer_deleted,
      ),
      offer_live: row.offer_live,
      created_at: iso(row.created_at),
    },
    customerUuid: row.customer_uuid,
    freelancerUuid: row.freelancer_uuid,
    taskHidden: row.task_hidden,
  };
}

export function toMessage(row: MessageRow): ChatMessage {
  return {
    id: Number(row.id),
    conversation_uuid: row.conversation_uuid,
    sender_uuid: row.sender_uuid,
    body: row.body,
    created_at: iso(row.created_at),
    read_at: row.read_at === null ? null : iso(row.read_at),
  };
}

/**
 * The other participant's uuid, or 403 when the user is not a participant; 410 for the freelancer
 * when a moderator hid the task.
 */
export function otherParticipant(loaded: LoadedConversation, userUuid: string): string {
  if (userUuid === loaded.customerUuid) return loaded.freelancerUuid;
  if (userUuid === loaded.freelancerUuid) {
    if (loaded.taskHidden) throw taskRemoved();
    return loaded.customerUuid;
  }
  throw forbidden();
}

/**
 * 403 unless the user may write in the conversation: the owner always; the freelancer while their
 * offer is live (made and not withdrawn, and not passed over for another), or it is the chosen one.
 */
export function assertMayWrite(loaded: LoadedConversation, userUuid: string): void {
  if (userUuid === loaded.freelancerUuid && !loaded.conversation.offer_live) {
    throw new HttpError(403, 'chat.offer_not_live');
  }
}

/** The conversation by uuid as the database has it now, or null. */
export async function queryConversation(
  db: Queryable,
  uuid: string,
): Promise<LoadedConversation | null> {
  const [row] = await db.query<ConversationRow>(`${CONVERSATION_SQL} WHERE c.uuid = $1`, [uuid]);
  return row ? toConversation(row) : null;
}

/**
 * The conversation by uuid, or 404: through the read model (readModel.ts `conversation`: dropped
 * with any write to its task, its offers' existence or choice, or its participants' accounts).
 */
export async function findConversation(
  readModel: Pick<ReadModel, 'conversation'>,
  db: Queryable,
  uuid: string,
): Promise<LoadedConversation> {
  if (!isUuid(uuid)) throw notFound();
  const loaded = await readModel.conversation(db, uuid);
  if (!loaded) throw notFound();
  return loaded;
}

/**
 * Returns the task's conversation with this freelancer, creating it when there is none. The caller
 * has checked that the customer owns the task; 404 when the freelancer has no offer on it.
 * `created` says whether this call made it.
 */
export async function openConversation(
  db: Db,
  task: { uuid: string; author_uuid: string },
  freelancerUuid: string,
): Promise<{ loaded: LoadedConversation; created: boolean }> {
  if (!isUuid(freelancerUuid)) throw notFound();
  const [offer] = await db.query<{ uuid: string }>(
    'SELECT uuid FROM offers WHERE task_uuid = $1 AND freelancer_uuid = $2',
    [task.uuid, freelancerUuid],
  );
  if (!offer) throw notFound();
  const inserted = await db.query<{ uuid: string }>(
    `INSERT INTO chat_conversations (task_uuid, customer_uuid, freelancer_uuid)
     VALUES ($1, $2, $3)
     ON CONFLICT (task_uuid, freelancer_uuid) DO NOTHING
     RETURNING uuid`,
    [task.uuid, task.author_uuid, freelancerUuid],
  );
  const [row] = await db.query<ConversationRow>(
    `${CONVERSATION_SQL} WHERE c.task_uuid = $1 AND c.freelancer_uuid = $2`,
    [task.uuid, freelancerUuid],
  );
  if (!row) throw notFound();
  return { loaded: toConversation(row), created: inserted.length > 0 };
}

/**
 * The user's conversations, as customer or freelancer, optionally about one task (a task that is
 * not a uuid matches none); the latest activity (last message, else creation) first, each with the
 * count of the other party's messages the user has not read.
 */
export async function listConversations(
  db: Queryable,
  userUuid: string,
  taskUuid?: string,
): Promise<ChatConversation[]> {
  if (taskUuid !== undefined && !isUuid(taskUuid)) return [];
  const rows = await db.query<ConversationRow & { unread_count: number }>(
    `SELECT ${CONVERSATION_COLUMNS},
            (SELECT count(*)::int FROM chat_messages m
              WHERE m.conversation_uuid = c.uuid AND m.sender_uuid <> $1 AND m.read_at IS NULL
            ) AS unread_count,
            COALESCE(
              (SELECT max(m.created_at) FROM chat_messages m WHERE m.conversation_uuid = c.uuid),
              c.created_at
            ) AS last_activity
       ${CONVERSATION_FROM}
      WHERE (c.customer_uuid = $1 OR (c.freelancer_uuid = $1 AND t.hidden_at IS NULL))
        AND ($2::uuid IS NULL OR c.task_uuid = $2::uuid)
      ORDER BY last_activity DESC, c.created_at DESC, c.uuid`,
    [userUuid, taskUuid ?? null],
  );
  return rows.map((row) => ({
    ...toConversation(row).conversation,
    unread_count: Number(row.unread_count),
  }));
}

/**
 * Marks the other party's messages read for `readerUuid` (POST .../read: a GET never changes
 * state, ASVS 3.5.3); answers the ids it marked and when.
 */
export async function markRead(
  db: Db,
  conversationUuid: string,
  readerUuid: string,
): Promise<ChatReadReceipt> {
  const rows = await db.query<{ id: number; read_at: Date | string }>(
    `UPDATE chat_messages SET read_at = now()
      WHERE conversation_uuid = $1 AND sender_uuid <> $2 AND read_at IS NULL
      RETURNING id, read_at`,
    [conversationUuid, readerUuid],
  );
  return {
    ids: rows.map((r) => r.id).sort((a, b) => a - b),
    read_at: rows[0] ? iso(rows[0].read_at) : null,
  };
}

/** The latest messages of a conversation, oldest first. Reads only. */
export async function latestMessages(db: Db, conversationUuid: string): Promise<ChatMessage[]> {
  const rows = await db.query<MessageRow>(
    `SELECT * FROM (
       SELECT id, conversation_uuid, sender_uuid, body, created_at, read_at
         FROM chat_messages WHERE conversation_uuid = $1
        ORDER BY id DESC LIMIT $2
     ) latest ORDER BY id`,
    [conversationUuid, CHAT_HISTORY_LIMIT],
  );
  return rows.map(toMessage);
}

export async function addMessage(
  db: Db,
  conversationUuid: string,
  senderUuid: string,
  body: string,
): Promise<ChatMessage> {
  const [row] = await db.query<MessageRow>(
    `INSERT INTO chat_messages (conversation_uuid, sender_uuid, body) VALUES ($1, $2, $3)
     RETURNING id, conversation_uuid, sender_uuid, body, created_at, read_at`,
    [conversationUuid, senderUuid, body],
  );
  return toMessage(row);
}

/** Messages others sent to this user, in any of their conversations, not read yet. */
export async function unreadCount(db: Db, userUuid: string): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `SELECT count(*)::int AS count
       FROM chat_messages m JOIN chat_conversations c ON c.uuid = m.conversation_uuid
       JOIN tasks t ON t.uuid = c.task_uuid
      WHERE (c.customer_uuid = $1 OR (c.freelancer_uuid = $1 AND t.hidden_at IS NULL))
        AND m.sender_uuid <> $1 AND m.read_at IS NULL`,
    [userUuid],
  );
  return Number(row?.count ?? 0);
}
