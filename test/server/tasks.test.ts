import crypto from 'node:crypto';
import type { Task } from '../../src/shared/types';
import { loadOffers } from '../../src/server/tasks/loadTask';
import {
  agent,
  buildTestApp,
  createCategory,
  createOffer,
  createTask,
  createUser,
  type TestApp,
  type TestUser,
} from '../support/server';

let t: TestApp;
let owner: TestUser;
let freelancer: TestUser;
let category: { id: number; slug: string };
beforeAll(async () => {
  t = await buildTestApp();
  owner = await createUser(t.db, {
    full_name: 'Anna Bērziņa',
    email: 'anna@example.test',
    phone_number: '+371 26000001',
    customer_rating: 4.5,
    is_legal: true,
    photo_path: 'photos/anna.jpg',
    last_seen_at: new Date(),
  });
  freelancer = await createUser(t.db, {
    full_name: 'Pēteris Kalniņš',
    email: 'peteris@example.test',
    phone_number: null,
    is_freelancer: true,
    freelancer_rating: 3.75,
  });
  category = await createCategory(t.db, {
    slug: 'plumbing',
    title: { lv: 'Santehnika', en: 'Plumbing', ru: 'Сантехника' },
  });
});
afterAll(() => t.close());

const getTask = async (slug: string, a = agent(t.app), query = '') => {
  const res = await a.get(`/api/tasks/${slug}${query}`);
  return res;
};

describe('GET /api/tasks/:slug', () => {
  it('returns every field of the Task type', async () => {
    const task = await createTask(t.db, {
      author_uuid: owner.uuid,
      category_id: category.id,
      identifier: 'TSK-1001',
      title: 'Fix a leaking tap',
      description: 'The kitchen tap drips all night.',
      status: 'open',
      due_type: 'period',
      due_start: '2030-06-01T09:00:00',
      due_end: '2030-06-02T17:30:00',
      budget_from: 40,
      budget_to: 90,
      views_count: 7,
      languages: ['ru', 'lv'],
      locations: [
        { address: 'Brīvības iela 1, Rīga, LV-1010', city: 'Rīga', lat: 56.95, lng: 24.11 },
        { address: 'Jūrmala, Latvia', city: 'Jūrmala', lat: 56.97, lng: 23.77 },
      ],
      images: [{ original_path: 'tasks/x/1.jpg', thumbnail_path: 'tasks/x/1-thumb.jpg' }],
    });
    const offer = await createOffer(t.db, {
      task_uuid: task.uuid,
      freelancer_uuid: freelancer.uuid,
      description: 'Tomorrow morning.',
      price: 65.5,
      notify_if_not_chosen: true,
    });
    const [offerRow] = await t.db.query<{ updated_at: Date; created_at: Date }>(
      'SELECT updated_at, created_at FROM offers WHERE uuid = $1',
      [offer.uuid],
    );
    const [taskRow] = await t.db.query<{ created_at: Date }>(
      'SELECT created_at FROM tasks WHERE uuid = $1',
      [task.uuid],
    );
    const [imageRow] = await t.db.query<{ uuid: string }>(
      'SELECT uuid FROM task_images WHERE task_uuid = $1',
      [task.uuid],
    );

    // The owner: exact places and every offer (others' views: test/server/taskDetail.test.ts).
    const ownerAgent = agent(t.app);
    await ownerAgent.login(owner.email, owner.password);
    const res = await getTask('TSK-1001', ownerAgent, '?locale=en');
    expect(res.statusCode).toBe(200);
    const expected: Task = {
      uuid: task.uuid,
      identifier: 'TSK-1001',
      title: 'Fix a leaking tap',
      description: 'The kitchen tap drips all night.',
      status: 'open',
      category: { id: category.id, slug: 'plumbing', title: 'Plumbing' },
      languages: ['lv', 'ru'],
      location_type: 'specific',
      locations: [
        {
          lat: 56.95,
          lng: 24.11,
          city: 'Rīga',
          address: 'Brīvības iela 1, Rīga, LV-1010',
          approximate_address: 'Rīga, LV-1010',
          distance: null,
        },
        {
          lat: 56.97,
          lng: 23.77,
          city: 'Jūrmala',
          address: 'Jūrmala, Latvia',
          approximate_address: 'Jūrmala, Latvia',
          distance: null,
        },
      ],
      due_type: 'period',
      due_start: '2030-06-01T09:00:00',
      due_end: '2030-06-02T17:30:00',
      budget_from: 40,
      budget_to: 90,
      images: [
        {
          uuid: imageRow.uuid,
          thumbnail: '/uploads/tasks/x/1-thumb.jpg',
          original: '/uploads/tasks/x/1.jpg',
        },
      ],
      author: {
        uuid: owner.uuid,
        photo: { thumbnail: '/uploads/photos/anna.jpg' },
        is_legal: true,
        is_online: true,
        full_name: 'Anna Bērziņa',
        display_name: 'Anna B.',
        customer_rating: 4.5,
      },
      offers_count: 1,
      offers: [
        {
          uuid: offer.uuid,
          description: 'Tomorrow morning.',
          price: 65.5,
          notify_if_not_chosen: true,
          hash: crypto
            .createHash('sha256')
            .update(
              `${offer.uuid}|Tomorrow morning.|65.5|true|${new Date(offerRow.updated_at).toISOString()}`,
            )
            .digest('hex'),
          chosen_at: null,
          created_at: new Date(offerRow.created_at).toISOString(),
          // Not chosen: the owner sees the display name only (issue 14 item 10).
          freelancer: {
            uuid: freelancer.uuid,
            photo: null,
            is_legal: false,
            // No full name before the offer is chosen (issue 14 item 10).
            display_name: 'Pēteris K.',
            freelancer_rating: 3.75,
          },
          not_chosen_reason: null,
        },
      ],
      views_count: 7,
      created_at: new Date(taskRow.created_at).toISOString(),
      awaiting_action: false,
      second_party_contacts: null,
      reviews: [],
    };
    expect(res.json()).toEqual({ data: expected });
  });

  it('finds a task by uuid as well as by identifier', async () => {
    const task = await createTask(t.db, { category_id: category.id });
    const res = await getTask(task.uuid);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.identifier).toBe(task.identifier);
  });

  it('localises the category title by Accept-Language when no ?locale', async () => {
    const task = await createTask(t.db, { category_id: category.id });
    const res = await agent(t.app).get(`/api/tasks/${task.identifier}`, {
      headers: { 'accept-language': 'ru' },
    });
    expect(res.json().data.category.title).toBe('Сантехника');
  });

  it('shows a deleted author and a deleted freelancer as null, and an idle author offline', async () => {
    const gone = await createUser(t.db, { deleted_at: new Date() });
    const task = await createTask(t.db, { author_uuid: gone.uuid, category_id: category.id });
    const goneFreelancer = await createUser(t.db, { is_freelancer: true, deleted_at: new Date() });
    await createOffer(t.db, { task_uuid: task.uuid, freelancer_uuid: goneFreelancer.uuid });
    const data = (await getTask(task.identifier)).json().data as Task;
    expect(data.author).toBeNull();
    expect(data.offers_count).toBe(1);
    expect((await loadOffers(t.db, task.uuid))[0].freelancer).toBeNull();

    const idle = await createUser(t.db, { last_seen_at: new Date(Date.now() - 6 * 60_000) });
    const other = await createTask(t.db, { author_uuid: idle.uuid, category_id: category.id });
    expect((await getTask(other.identifier)).json().data.author.is_online).toBe(false);
  });

  it('anywhere task: no locations; due types give null for the missing end', async () => {
    const task = await createTask(t.db, {
      category_id: category.id,
      due_type: 'start',
      due_start: '2031-01-01T08:05:00',
    });
    const data = (await getTask(task.identifier)).json().data as Task;
    expect(data.location_type).toBe('anywhere');
    expect(data.locations).toEqual([]);
    expect(data.due_start).toBe('2031-01-01T08:05:00');
    expect(data.due_end).toBeNull();
  });

  describe('second_party_contacts', () => {
    let task: { uuid: string; identifier: string };
    let chosen: TestUser;
    let other: TestUser;
    beforeAll(async () => {
      chosen = await createUser(t.db, {
        is_freelancer: true,
        email: 'chosen@example.test',
        phone_number: '+371 29999999',
      });
      other = await createUser(t.db, { is_freelancer: true });
      task = await createTask(t.db, {
        author_uuid: owner.uuid,
        category_id: category.id,
        status: 'in_progress',
        awaiting_action: true,
      });
      await createOffer(t.db, {
        task_uuid: task.uuid,
        freelancer_uuid: chosen.uuid,
        chosen_at: new Date(),
      });
      await createOffer(t.db, { task_uuid: task.uuid, freelancer_uuid: other.uuid });
    });

    const contactsAs = async (user: TestUser | null) => {
      const a = agent(t.app);
      if (user) expect((await a.login(user.email, user.password)).statusCode).toBe(200);
      return ((await getTask(task.identifier, a)).json().data as Task).second_party_contacts;
    };

    it('gives the owner the chosen freelancer phone and email', async () => {
      expect(await contactsAs(owner)).toEqual({
        phone_number: '+371 29999999',
        email: 'chosen@example.test',
      });
    });

    it('gives the chosen freelancer the owner phone and email', async () => {
      expect(await contactsAs(chosen)).toEqual({
        phone_number: '+371 26000001',
        email: 'anna@example.test',
      });
    });

    it('gives nobody else anything: visitor, other freelancer', async () => {
      expect(await contactsAs(null)).toBeNull();
      expect(await contactsAs(other)).toBeNull();
    });

    it('is null for the owner while no offer is chosen', async () => {
      const open = await createTask(t.db, { author_uuid: owner.uuid, category_id: category.id });
      await createOffer(t.db, { task_uuid: open.uuid, freelancer_uuid: chosen.uuid });
      const a = agent(t.app);
      await a.login(owner.email, owner.password);
      const data = (await getTask(open.identifier, a)).json().data as Task;
      expect(data.offers_count).toBe(1);
      expect(data.second_party_contacts).toBeNull();
    });

    it('lists the chosen offer first with chosen_at as ISO (to the owner)', async () => {
      const a = agent(t.app);
      await a.login(owner.email, owner.password);
      const data = (await getTask(task.identifier, a)).json().data as Task;
      expect(data.offers_count).toBe(2);
      expect(data.offers[0].freelancer!.uuid).toBe(chosen.uuid);
      expect(data.offers[0].chosen_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(data.awaiting_action).toBe(true);
      expect(data.status).toBe('in_progress');
    });
  });

  it('404 { message } for an unknown slug or uuid', async () => {
    for (const slug of ['NO-SUCH', crypto.randomUUID()]) {
      const res = await agent(t.app).get(`/api/tasks/${slug}`, {
        headers: { 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found.' });
    }
  });
});
