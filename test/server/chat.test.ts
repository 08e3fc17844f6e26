/**
 * Chat API (issue 5 'Chat'): the owner opens a conversation with a freelancer who made an offer;
 * only the two participants read or write; messages are 1..2000 characters of plain text; unread
 * counts; new messages are pushed to the other participant.
 */
import type { ChatConversation, ChatConversationView, ChatMessage } from '../../src/shared/types';
import { loadConfig } from '../../config';
import { chatMessageEvent } from '../../src/server/routes/chat';
import {
  agent,
  buildTestApp,
  createCategory,
  createOffer,
  createTask,
  createUser,
  loggedInAgent,
  randomUuid,
  type Agent,
  type TestApp,
  type TestUser,
} from '../support/server';

/** The default the suite's app runs with (testConfig keeps it). */
const CHAT_MESSAGE_RATE_LIMIT = loadConfig({}).chatRateLimit;

let t: TestApp;
let category: { id: number; slug: string };
beforeAll(async () => {
  t = await buildTestApp();
  category = await createCategory(t.db);
}, 60_000);
afterAll(() => t.close());
afterEach(() => jest.restoreAllMocks());

const loginAs = (user: TestUser): Promise<Agent> => loggedInAgent(t.app, user);
const openUrl = (taskUuid: string, freelancerUuid: string) =>
  `/api/chat/conversations/task/${taskUuid}/${freelancerUuid}`;
const conversationUrl = (uuid: string) => `/api/chat/conversations/${uuid}`;
const messagesUrl = (uuid: string) => `${conversationUrl(uuid)}/messages`;

interface Scene {
  owner: TestUser;
  freelancer: TestUser;
  ownerAgent: Agent;
  freelancerAgent: Agent;
  task: { uuid: string; identifier: string };
  conversation: ChatConversation;
}

/** A task, a freelancer's offer on it, and the conversation the owner opened. */
async function scene(): Promise<Scene> {
  const owner = await createUser(t.db, { full_name: 'Anna Bērziņa', photo_path: 'photos/a.jpg' });
  const freelancer = await createUser(t.db, { is_freelancer: true, full_name: 'Pēteris Kalniņš' });
  const task = await createTask(t.db, {
    author_uuid: owner.uuid,
    category_id: category.id,
    title: 'Fix a leaking tap',
  });
  await createOffer(t.db, { task_uuid: task.uuid, freelancer_uuid: freelancer.uuid });
  const ownerAgent = await loginAs(owner);
  const res = await ownerAgent.post(openUrl(task.uuid, freelancer.uuid));
  expect(res.statusCode).toBe(201);
  const conversation = (res.json() as { data: ChatConversation }).data;
  return {
    owner,
    freelancer,
    ownerAgent,
    freelancerAgent: await loginAs(freelancer),
    task,
    conversation,
  };
}

describe('POST /api/chat/conversations/task/:taskUuid/:freelancerUuid', () => {
  it('creates the conversation for the owner, then returns the same one', async () => {
    const { owner, freelancer, ownerAgent, task, conversation } = await scene();
    const [row] = await t.db.query<{ created_at: Date }>(
      'SELECT created_at FROM chat_conversations WHERE uuid = $1',
      [conversation.uuid],
    );
    const expected: ChatConversation = {
      uuid: conversation.uuid,
      task: { uuid: task.uuid, identifier: task.identifier, title: 'Fix a leaking tap' },
      customer: {
        uuid: owner.uuid,
        display_name: 'Anna B.',
        photo: { thumbnail: '/uploads/photos/a.jpg' },
      },
      freelancer: { uuid: freelancer.uuid, display_name: 'Pēteris K.', photo: null },
      offer_live: true,
      created_at: new Date(row.created_at).toISOString(),
    };
    expect(conversation).toEqual(expected);

    const again = await ownerAgent.post(openUrl(task.uuid, freelancer.uuid));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ data: expected });
    const count = await t.db.query('SELECT 1 FROM chat_conversations WHERE task_uuid = $1', [
      task.uuid,
    ]);
    expect(count).toHaveLength(1);
  });

  it('answers 404 when the freelancer has no offer on the task (or is no user at all)', async () => {
    const { ownerAgent, task } = await scene();
    const stranger = await createUser(t.db, { is_freelancer: true });
    expect((await ownerAgent.post(openUrl(task.uuid, stranger.uuid))).statusCode).toBe(404);
    expect((await ownerAgent.post(openUrl(task.uuid, randomUuid()))).statusCode).toBe(404);
    expect((await ownerAgent.post(openUrl(task.uuid, 'nope'))).statusCode).toBe(404);
    expect((await ownerAgent.post(openUrl(randomUuid(), stranger.uuid))).statusCode).toBe(404);
  });

  it('is for the owner only: 403 for the freelancer and anyone else, 401 for a visitor', async () => {
    const { freelancer, freelancerAgent, task } = await scene();
    const url = openUrl(task.uuid, freelancer.uuid);
    expect((await freelancerAgent.post(url)).statusCode).toBe(403);
    expect((await (await loginAs(await createUser(t.db))).post(url)).statusCode).toBe(403);
    expect((await agent(t.app).post(url)).statusCode).toBe(401);
  });

  it('is refused (403) when the machine refuses START_CHAT: a completed task', async () => {
    const owner = await createUser(t.db);
    const freelancer = await createUser(t.db, { is_freelancer: true });
    const task = await createTask(t.db, {
      author_uuid: owner.uuid,
      category_id: category.id,
      status: 'completed',
    });
    await createOffer(t.db, { task_uuid: task.uuid, freelancer_uuid: freelancer.uuid });
    const res = await (await loginAs(owner)).post(openUrl(task.uuid, freelancer.uuid));
    expect(res.statusCode).toBe(403);
  });
});

describe('messages', () => {
  it('the participants write and read; marking read (POST) marks the other party’s messages', async () => {
    const { owner, freelancer, ownerAgent, freelancerAgent, conversation } = await scene();
    const sent = await ownerAgent.post(messagesUrl(conversation.uuid), {
      body: '  Hello <b>there</b>\nCan you come at 9?  ',
    });
    expect(sent.statusCode).toBe(201);
    const message = (sent.json() as { data: ChatMessage }).data;
    expect(message).toEqual({
      id: expect.any(Number),
      conversation_uuid: conversation.uuid,
      sender_uuid: owner.uuid,
      // Plain text, stored as typed.
      body: '  Hello <b>there</b>\nCan you come at 9?  ',
      created_at: expect.any(String),
      read_at: null,
    });
    const reply = await freelancerAgent.post(messagesUrl(conversation.uuid), { body: 'Yes.' });
    expect(reply.statusCode).toBe(201);

    // Reading is a GET that changes nothing; marking read is its own POST.
    const unread = await freelancerAgent.get(conversationUrl(conversation.uuid));
    expect((unread.json() as { data: ChatConversationView }).data.messages[0].read_at).toBeNull();
    const marked = await freelancerAgent.post(`${conversationUrl(conversation.uuid)}/read`);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ data: { ids: [message.id], read_at: expect.any(String) } });
    const again = await freelancerAgent.post(`${conversationUrl(conversation.uuid)}/read`);
    expect(again.json()).toEqual({ data: { ids: [], read_at: null } });
    const read = await freelancerAgent.get(conversationUrl(conversation.uuid));
    expect(read.statusCode).toBe(200);
    const view = (read.json() as { data: ChatConversationView }).data;
    expect(view.conversation).toEqual(conversation);
    expect(view.messages.map((m) => [m.sender_uuid, m.body])).toEqual([
      [owner.uuid, '  Hello <b>there</b>\nCan you come at 9?  '],
      [freelancer.uuid, 'Yes.'],
    ]);
    // The freelancer read the owner's message; their own stays unread until the owner reads.
    expect(view.messages[0].read_at).toEqual(expect.any(String));
    expect(view.messages[1].read_at).toBeNull();

    await ownerAgent.post(`${conversationUrl(conversation.uuid)}/read`);
    const ownerView = (
      (await ownerAgent.get(conversationUrl(conversation.uuid))).json() as {
        data: ChatConversationView;
      }
    ).data;
    expect(ownerView.messages[1].read_at).toEqual(expect.any(String));
  });

  it('keeps third parties out: 403 on read and write, 401 for visitors, 404 when missing', async () => {
    const { ownerAgent, conversation } = await scene();
    await ownerAgent.post(messagesUrl(conversation.uuid), { body: 'Private.' });
    const stranger = await loginAs(await createUser(t.db, { is_freelancer: true }));
    expect((await stranger.get(conversationUrl(conversation.uuid))).statusCode).toBe(403);
    expect(
      (await stranger.post(messagesUrl(conversation.uuid), { body: 'Let me in' })).statusCode,
    ).toBe(403);
    expect((await stranger.post(`${conversationUrl(conversation.uuid)}/read`)).statusCode).toBe(
      403,
    );
    expect((await agent(t.app).get(conversationUrl(conversation.uuid))).statusCode).toBe(401);
    expect((await ownerAgent.get(conversationUrl(randomUuid()))).statusCode).toBe(404);
    expect((await ownerAgent.post(messagesUrl(randomUuid()), { body: 'x' })).statusCode).toBe(404);
    const rows = await t.db.query<{ body: string }>(
      'SELECT body FROM chat_messages WHERE conversation_uuid = $1',
      [conversation.uuid],
    );
    expect(rows).toEqual([{ body: 'Private.' }]);
  });

  it('accepts 2000 characters and refuses 2001, empty, blank and non-text bodies (422)', async () => {
    const { ownerAgent, conversation } = await scene();
    const url = messagesUrl(conversation.uuid);
    expect((await ownerAgent.post(url, { body: 'x'.repeat(2000) })).statusCode).toBe(201);
    expect((await ownerAgent.post(url, { body: 'a' })).statusCode).toBe(201);
    for (const payload of [
      { body: 'x'.repeat(2001) },
      { body: '' },
      { body: '   \n ' },
      {},
      { body: 42 },
      { body: 'nul\u0000byte' },
    ]) {
      const res = await ownerAgent.post(url, payload);
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 422 });
      expect(Object.keys((res.json() as { errors: object }).errors)).toEqual(['body']);
    }
    const rows = await t.db.query('SELECT 1 FROM chat_messages WHERE conversation_uuid = $1', [
      conversation.uuid,
    ]);
    expect(rows).toHaveLength(2);
  });

  it('pushes chat.message to the other participant only, naming the task and the sender', async () => {
    const { owner, freelancer, ownerAgent, task, conversation } = await scene();
    const publishUser = jest.spyOn(t.app.push, 'publishUser');
    const received: unknown[] = [];
    const unsubscribe = t.app.push.subscribe({ userUuid: freelancer.uuid }, (e) =>
      received.push(e),
    );
    try {
      const res = await ownerAgent.post(messagesUrl(conversation.uuid), { body: 'Ping' });
      const message = (res.json() as { data: ChatMessage }).data;
      const expected = {
        handler: 'chat.message',
        conversation_uuid: conversation.uuid,
        message,
        task_uuid: task.uuid,
        task_identifier: task.identifier,
        task_title: 'Fix a leaking tap',
        // The display name the conversation shows the freelancer; never the full name.
        sender_name: conversation.customer?.display_name,
      };
      expect(expected.sender_name).toBeTruthy();
      expect(JSON.stringify(expected)).not.toContain(owner.full_name);
      expect(publishUser.mock.calls).toEqual([[freelancer.uuid, expected]]);
      for (let i = 0; i < 50 && received.length === 0; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(received).toEqual([expected]);
    } finally {
      unsubscribe();
    }
  });

  it('pushes no body when the message would not fit a NOTIFY payload', () => {
    const sender = randomUuid();
    const message: ChatMessage = {
      id: 1,
      conversation_uuid: randomUuid(),
      sender_uuid: sender,
      body: '\u0001'.repeat(2000),
      created_at: new Date(0).toISOString(),
      read_at: null,
    };
    // The longest title (255 characters) and a long display name still leave room for the body.
    const conversation: ChatConversation = {
      uuid: message.conversation_uuid,
      task: { uuid: randomUuid(), identifier: 'TKABC123', title: 'ā'.repeat(255) },
      customer: { uuid: sender, display_name: 'Ā'.repeat(60), photo: null },
      freelancer: { uuid: randomUuid(), display_name: 'Pēteris K.', photo: null },
      offer_live: true,
      created_at: new Date(0).toISOString(),
    };
    expect(chatMessageEvent(message, conversation).message).toBeNull();
    expect(chatMessageEvent(message, conversation).sender_name).toBe('Ā'.repeat(60));
    expect(chatMessageEvent({ ...message, body: 'ā'.repeat(2000) }, conversation).message).toEqual({
      ...message,
      body: 'ā'.repeat(2000),
    });
  });

  it(`is rate limited to ${CHAT_MESSAGE_RATE_LIMIT} messages a minute per user (429)`, async () => {
    const { ownerAgent, freelancerAgent, conversation } = await scene();
    const url = messagesUrl(conversation.uuid);
    for (let i = 0; i < CHAT_MESSAGE_RATE_LIMIT; i += 1) {
      expect((await ownerAgent.post(url, { body: `m${i}` })).statusCode).toBe(201);
    }
    expect((await ownerAgent.post(url, { body: 'one too many' })).statusCode).toBe(429);
    expect((await freelancerAgent.post(url, { body: 'still fine' })).statusCode).toBe(201);
  });
});

describe('the chat is tied to the offer (issue 14 item 12)', () => {
  const countMessages = async (uuid: string) =>
    (await t.db.query('SELECT 1 FROM chat_messages WHERE conversation_uuid = $1', [uuid])).length;

  it('a freelancer who withdrew their offer gets a clear 403 and nothing is stored; the owner still writes', async () => {
    const { freelancer, freelancerAgent, ownerAgent, task, conversation } = await scene();
    expect(
      (await freelancerAgent.post(messagesUrl(conversation.uuid), { body: 'Before' })).statusCode,
    ).toBe(201);
    const [offer] = await t.db.query<{ uuid: string }>(
      'SELECT uuid FROM offers WHERE task_uuid = $1 AND freelancer_uuid = $2',
      [task.uuid, freelancer.uuid],
    );
    const withdrawn = await freelancerAgent.delete(`/api/tasks/${task.uuid}/offers/${offer.uuid}`);
    expect(withdrawn.statusCode).toBe(204);

    const res = await freelancerAgent.post(
      messagesUrl(conversation.uuid),
      { body: 'After' },
      { headers: { 'accept-language': 'en' } },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Your offer on this task is no longer open, so you cannot write in this chat.',
    });
    expect(await countMessages(conversation.uuid)).toBe(1);
    // Both still read the history, and see that the offer is gone (the SPA hides the composer).
    const view = await freelancerAgent.get(conversationUrl(conversation.uuid));
    expect(view.statusCode).toBe(200);
    expect((view.json() as { data: ChatConversationView }).data.conversation.offer_live).toBe(
      false,
    );
    expect(
      (await ownerAgent.post(messagesUrl(conversation.uuid), { body: 'Pity' })).statusCode,
    ).toBe(201);
  });

  it('once another offer is chosen, only the chosen freelancer writes on', async () => {
    const { owner, freelancerAgent, task, conversation } = await scene();
    const chosen = await createUser(t.db, { is_freelancer: true });
    await createOffer(t.db, {
      task_uuid: task.uuid,
      freelancer_uuid: chosen.uuid,
      chosen_at: new Date(),
    });
    const ownerAgent = await loginAs(owner);
    const opened = await ownerAgent.post(openUrl(task.uuid, chosen.uuid));
    const chosenConversation = (opened.json() as { data: ChatConversation }).data;
    expect(chosenConversation.offer_live).toBe(true);

    expect(
      (await freelancerAgent.post(messagesUrl(conversation.uuid), { body: 'Still there?' }))
        .statusCode,
    ).toBe(403);
    const chosenAgent = await loginAs(chosen);
    expect(
      (await chosenAgent.post(messagesUrl(chosenConversation.uuid), { body: 'On my way' }))
        .statusCode,
    ).toBe(201);
  });
});

describe('GET /api/chat/unread', () => {
  it('counts messages others sent the user that are not read yet', async () => {
    const { ownerAgent, freelancerAgent, conversation } = await scene();
    const unread = async (a: Agent) =>
      ((await a.get('/api/chat/unread')).json() as { data: { count: number } }).data.count;
    expect(await unread(freelancerAgent)).toBe(0);
    await ownerAgent.post(messagesUrl(conversation.uuid), { body: 'One' });
    await ownerAgent.post(messagesUrl(conversation.uuid), { body: 'Two' });
    expect(await unread(freelancerAgent)).toBe(2);
    // Own messages never count.
    expect(await unread(ownerAgent)).toBe(0);
    await freelancerAgent.get(conversationUrl(conversation.uuid));
    expect(await unread(freelancerAgent)).toBe(2);
    await freelancerAgent.post(`${conversationUrl(conversation.uuid)}/read`);
    expect(await unread(freelancerAgent)).toBe(0);
    expect((await agent(t.app).get('/api/chat/unread')).statusCode).toBe(401);
  });
});

describe('GET /api/chat/conversations', () => {
  const list = async (a: Agent, query = ''): Promise<ChatConversation[]> => {
    const res = await a.get(`/api/chat/conversations${query}`);
    expect(res.statusCode).toBe(200);
    return (res.json() as { data: ChatConversation[] }).data;
  };

  it('lists the caller’s own conversations only, as customer or as freelancer', async () => {
    const { owner, freelancer, ownerAgent, freelancerAgent, conversation } = await scene();
    // The same freelancer in a conversation with another owner.
    const otherOwner = await createUser(t.db);
    const otherTask = await createTask(t.db, {
      author_uuid: otherOwner.uuid,
      category_id: category.id,
    });
    await createOffer(t.db, { task_uuid: otherTask.uuid, freelancer_uuid: freelancer.uuid });
    const otherAgent = await loginAs(otherOwner);
    const other = (
      (await otherAgent.post(openUrl(otherTask.uuid, freelancer.uuid))).json() as {
        data: ChatConversation;
      }
    ).data;

    expect(await list(ownerAgent)).toEqual([{ ...conversation, unread_count: 0 }]);
    expect(await list(otherAgent)).toEqual([{ ...other, unread_count: 0 }]);
    expect((await list(freelancerAgent)).map((c) => c.uuid).sort()).toEqual(
      [conversation.uuid, other.uuid].sort(),
    );
    const mine = await list(freelancerAgent);
    expect(mine.every((c) => c.freelancer?.uuid === freelancer.uuid)).toBe(true);
    expect(mine.find((c) => c.uuid === conversation.uuid)?.customer?.uuid).toBe(owner.uuid);
    // Someone else sees none of them.
    expect(await list(await loginAs(await createUser(t.db, { is_freelancer: true })))).toEqual([]);
    expect((await agent(t.app).get('/api/chat/conversations')).statusCode).toBe(401);
  });

  it('filters by task (?task=) and puts the newest activity first', async () => {
    const { owner, ownerAgent, task, conversation } = await scene();
    const second = await createUser(t.db, { is_freelancer: true });
    await createOffer(t.db, { task_uuid: task.uuid, freelancer_uuid: second.uuid });
    const secondConversation = (
      (await ownerAgent.post(openUrl(task.uuid, second.uuid))).json() as {
        data: ChatConversation;
      }
    ).data;
    const otherTask = await createTask(t.db, { author_uuid: owner.uuid, category_id: category.id });
    await createOffer(t.db, { task_uuid: otherTask.uuid, freelancer_uuid: second.uuid });
    const otherConversation = (
      (await ownerAgent.post(openUrl(otherTask.uuid, second.uuid))).json() as {
        data: ChatConversation;
      }
    ).data;
    // Created within the same moment: pin the creation times apart.
    await t.db.query(
      `UPDATE chat_conversations SET created_at = now() - make_interval(mins => $2)
        WHERE uuid = $1`,
      [conversation.uuid, 30],
    );
    await t.db.query(
      `UPDATE chat_conversations SET created_at = now() - make_interval(mins => $2)
        WHERE uuid = $1`,
      [secondConversation.uuid, 20],
    );
    await t.db.query(
      `UPDATE chat_conversations SET created_at = now() - make_interval(mins => $2)
        WHERE uuid = $1`,
      [otherConversation.uuid, 10],
    );

    const uuids = async (query = '') => (await list(ownerAgent, query)).map((c) => c.uuid);
    expect(await uuids()).toEqual([
      otherConversation.uuid,
      secondConversation.uuid,
      conversation.uuid,
    ]);
    expect(await uuids(`?task=${task.uuid}`)).toEqual([secondConversation.uuid, conversation.uuid]);
    // A message makes the oldest conversation the latest activity.
    await ownerAgent.post(messagesUrl(conversation.uuid), { body: 'Still there?' });
    expect(await uuids(`?task=${task.uuid}`)).toEqual([conversation.uuid, secondConversation.uuid]);
    expect(await uuids()).toEqual([
      conversation.uuid,
      otherConversation.uuid,
      secondConversation.uuid,
    ]);
    expect(await uuids(`?task=${otherTask.uuid}`)).toEqual([otherConversation.uuid]);
    expect(await uuids(`?task=${randomUuid()}`)).toEqual([]);
    expect(await uuids('?task=not-a-uuid')).toEqual([]);
  });

  it('counts the caller’s unread messages per conversation', async () => {
    const { ownerAgent, freelancerAgent, task, conversation } = await scene();
    const unread = async (a: Agent) =>
      (await list(a, `?task=${task.uuid}`)).map((c) => c.unread_count);
    expect(await unread(freelancerAgent)).toEqual([0]);
    await ownerAgent.post(messagesUrl(conversation.uuid), { body: 'One' });
    await ownerAgent.post(messagesUrl(conversation.uuid), { body: 'Two' });
    expect(await unread(freelancerAgent)).toEqual([2]);
    // Own messages never count.
    expect(await unread(ownerAgent)).toEqual([0]);
    await freelancerAgent.post(messagesUrl(conversation.uuid), { body: 'Hi' });
    expect(await unread(ownerAgent)).toEqual([1]);
    // Marking the conversation read marks them read.
    await freelancerAgent.post(`${conversationUrl(conversation.uuid)}/read`);
    expect(await unread(freelancerAgent)).toEqual([0]);
    expect(await unread(ownerAgent)).toEqual([1]);
  });
});
