/**
 * Issue 14 item 7: a deleted account cannot become a party to a task. The owner cannot choose the
 * offer of a freelancer who deleted their account (TKOPEN01's "Deleted user" offer), and a task whose
 * author deleted their account (TKDEL001) takes no new offers. Both are a translated 403 that
 * changes nothing; the SPA hides the controls by the same shared rule (offers.test.tsx).
 */
import { DEMO_TASK_IDS } from '../../../src/server/db/seedData/tasks';
import type { Task } from '../../../src/shared/types';
import type { TestApp } from '../../support/server';
import { buildSeededApp, DEMO_EMAILS, fingerprint, loginAgent } from './support';

let t: TestApp;
beforeAll(async () => {
  t = await buildSeededApp();
});
afterAll(() => t.close());

const EN = { headers: { 'accept-language': 'en' } };
const tables = async () => {
  const all = await fingerprint(t.db, { users: ['last_seen_at'] });
  delete all.sessions;
  return all;
};

describe('a deleted freelancer’s offer', () => {
  it('cannot be chosen: 403 with the reason, the task stays open with no offer chosen', async () => {
    const owner = await loginAgent(t, DEMO_EMAILS.owner);
    const task = (await owner.get(`/api/tasks/${DEMO_TASK_IDS.openManyOffers}`)).json()
      .data as Task;
    const gone = task.offers.find((o) => o.freelancer === null);
    expect(gone).toBeDefined();
    const before = await tables();
    const res = await owner.post(
      `/api/tasks/${task.uuid}/offers/${gone!.uuid}/choose`,
      { hash: gone!.hash },
      EN,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'This freelancer has deleted their account, so their offer cannot be chosen.',
    });
    const lv = await owner.post(
      `/api/tasks/${task.uuid}/offers/${gone!.uuid}/choose`,
      { hash: gone!.hash },
      { headers: { 'accept-language': 'lv' } },
    );
    expect(lv.statusCode).toBe(403);
    expect(lv.json().message).not.toBe(res.json().message);
    expect(await tables()).toEqual(before);
    const after = (await owner.get(`/api/tasks/${task.uuid}`)).json().data as Task;
    expect(after.status).toBe(task.status);
    expect(after.offers.every((o) => o.chosen_at === null)).toBe(true);
  });

  it('another offer on the same task can still be chosen', async () => {
    const owner = await loginAgent(t, DEMO_EMAILS.owner);
    const task = (await owner.get(`/api/tasks/${DEMO_TASK_IDS.openManyOffers}`)).json()
      .data as Task;
    const alive = task.offers.find((o) => o.freelancer !== null)!;
    const res = await owner.post(`/api/tasks/${task.uuid}/offers/${alive.uuid}/choose`, {
      hash: alive.hash,
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('a deleted author’s task', () => {
  it('takes no new offer: 403 with the reason, no offer row', async () => {
    const freelancer = await loginAgent(t, DEMO_EMAILS.chosen);
    const task = (await freelancer.get(`/api/tasks/${DEMO_TASK_IDS.deletedAuthor}`)).json()
      .data as Task;
    expect(task.author).toBeNull();
    const before = await tables();
    const res = await freelancer.post(
      `/api/tasks/${task.uuid}/offers`,
      { description: 'I can do this tomorrow.', price: 50, notify_if_not_chosen: false },
      EN,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'The author of this task has deleted their account, so it takes no new offers.',
    });
    expect(await tables()).toEqual(before);
  });
});
