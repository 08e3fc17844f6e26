/**
 * Which catalog parts a server render uses (src/web/i18n/pageMessages.ts, app/prefetch.ts
 * `messagePartsOf`): the browser loads exactly these before it hydrates, so a lazy slot the server
 * rendered hydrates with its texts, and a visitor's task page without the parties' parts does not
 * download theirs.
 */
import { messagePartsOf } from '../../../src/web/app/prefetch';
import { setupStore } from '../../../src/web/app/store';
import { sessionApi } from '../../../src/web/features/session/sessionApi';
import { taskApi } from '../../../src/web/features/tasks/taskApi';
import { ALL_PARTS } from '../../../src/web/i18n/loadMessages';
import {
  renderedMessageParts,
  renderedPartsFromBootData,
} from '../../../src/web/i18n/pageMessages';
import { makeTask, owner } from '../features/tasks/fixtures';

const SLUG = 'TKTEST01';

async function storeWith({ signedIn, reviewed }: { signedIn: boolean; reviewed: boolean }) {
  const store = setupStore({ i18n: { locale: 'en' } });
  await store.dispatch(
    sessionApi.util.upsertQueryData('me', undefined, (signedIn ? owner : null) as never),
  );
  const task = makeTask({
    status: reviewed ? 'completed' : 'open',
    reviews: reviewed
      ? [
          {
            author_role: 'customer',
            author: { uuid: owner.uuid, display_name: 'Anna K.', photo: null },
            status: 'completed',
            rate: 5,
            feedback: 'Great work',
            created_at: new Date().toISOString(),
            visible: true,
            visible_at: new Date().toISOString(),
          },
        ]
      : [],
  });
  await store.dispatch(taskApi.util.upsertQueryData('getTask', { slug: SLUG, locale: 'en' }, task));
  return store;
}

const partsOf = async (name: 'task' | 'home', signedIn: boolean, reviewed = false) =>
  messagePartsOf(await storeWith({ signedIn, reviewed }), {
    name,
    params: name === 'task' ? { slug: SLUG } : {},
    locale: 'en',
  });

afterEach(() => document.getElementById('talka-data')?.remove());

describe('the catalog parts of a server render', () => {
  it('a visitor’s open task: the shell’s and the task page’s, not the parties’', async () => {
    expect(await partsOf('task', false)).toEqual(['core', 'task']);
  });

  it('a signed-in viewer’s task page: the parties’ too (their offers, actions, completion)', async () => {
    expect(await partsOf('task', true)).toEqual(['core', 'task', 'party']);
  });

  it('a finished task’s reviews show to visitors too, with the parties’ texts', async () => {
    expect(await partsOf('task', false, true)).toEqual(['core', 'task', 'party']);
  });

  it('other pages: their own parts, whoever looks', async () => {
    expect(await partsOf('home', true)).toEqual(['core', 'home', 'list']);
    expect(renderedMessageParts('profile', true)).toEqual(ALL_PARTS);
    expect(renderedMessageParts(null, false)).toEqual(ALL_PARTS);
  });
});

describe('the browser loads the parts the page names', () => {
  const embed = (data: unknown) => {
    const script = document.createElement('script');
    script.id = 'talka-data';
    script.type = 'application/json';
    script.textContent = JSON.stringify(data);
    document.body.append(script);
  };

  it('reads them from #talka-data, ignoring what is not a part', () => {
    embed({ hydration: null, messageParts: ['core', 'task', 'party', 'bogus'] });
    expect(renderedPartsFromBootData()).toEqual(['core', 'task', 'party']);
  });

  it('has none without a server render (a client-only page uses its route’s)', () => {
    expect(renderedPartsFromBootData()).toBeUndefined();
    embed({ hydration: null });
    expect(renderedPartsFromBootData()).toBeUndefined();
  });
});
