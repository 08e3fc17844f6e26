import lv from '../../../translations/lv.json';
import { pageCatalog } from '../../../src/server/render/catalog';
import { ALL_PARTS } from '../../../src/web/i18n/loadMessages';

const catalog: Record<string, string> = lv;
const idsWith = (prefix: string) => Object.keys(catalog).filter((id) => id.startsWith(prefix));

describe('pageCatalog', () => {
  it("gives the task page the shell's and the task texts in its locale, nothing of later pages", () => {
    const messages = pageCatalog('lv', ['core', 'task']);
    const taskId = 'tasks.detail.description';
    const shellId = idsWith('app.')[0];
    expect(messages[taskId]).toBe(catalog[taskId]);
    expect(messages[shellId]).toBe(catalog[shellId]);
    expect(idsWith('registration.').some((id) => id in messages)).toBe(false);
    expect(idsWith('taskList.').some((id) => id in messages)).toBe(false);
    // The parties' texts only for a page that shows their parts (pageMessages.ts).
    expect(messages['offers.make.button']).toBe(catalog['offers.make.button']);
    expect(idsWith('offers.card.').some((id) => id in messages)).toBe(false);
    expect(idsWith('completion.').some((id) => id in messages)).toBe(false);
    expect(idsWith('tasks.detail.contacts.').some((id) => id in messages)).toBe(false);
    const party = pageCatalog('lv', ['core', 'task', 'party']);
    expect(idsWith('completion.').every((id) => party[id] === catalog[id])).toBe(true);
  });

  it('gives a page of every part the whole catalog', () => {
    const messages = pageCatalog('lv', ALL_PARTS);
    expect(messages).toEqual(catalog);
  });

  it('refuses a locale that is not a catalog name', () => {
    expect(() => pageCatalog('../x', ['core'])).toThrow();
  });
});
