import path from 'node:path';
import base from '../../playwright.config';
export default { ...base, testDir: '.', webServer: { ...(base.webServer as object), cwd: path.resolve(__dirname, '../..') } };
