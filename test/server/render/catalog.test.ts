import lv from '../../../translations/lv.json';
import { pageCatalog } from '../../../src/server/render/catalog';

const catalog: Record<string, string> = lv;
const idsWith = (prefix: string) => Object.keys(catalog).filter((id) => id.startsWith(prefix));

describe('pageCatalog', () => {
  it("gives the task page the shell's and the task texts in its locale, nothing of later pages", () => {
    const messages = pageCatalog('lv', ['core', 'task']);
    const taskId = idsWith('tasks.')[0];
    const shellId = idsWith('app.')[0];
    expect(messages[taskId]).toBe(catalog[taskId]);
    expect(messages[shellId]).toBe(catalog[shellId]);
    expect(idsWith('registration.').some((id) => id in messages)).toBe(false);
    expect(idsWith('taskList.').some((id) => id in messages)).toBe(false);
  });

  it('gives a page of every part the whole catalog', () => {
    const messages = pageCatalog('lv', ['core', 'home', 'list', 'task', 'later']);
    expect(messages).toEqual(catalog);
  });

  it('refuses a locale that is not a catalog name', () => {
    expect(() => pageCatalog('../x', ['core'])).toThrow();
  });
});
