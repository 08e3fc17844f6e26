/**
 * The alerts.match push event (issue 20): a notice with a link to the task on any page, and
 * "Tasks for you" refetches.
 */
import type { UnknownAction } from '@reduxjs/toolkit';
import { runSaga } from 'redux-saga';
import { api } from '../../../../src/web/api/api';
import { handleOfferAndChatEvent } from '../../../../src/web/features/push/push.saga';
import { fakeRouter } from '../../../support/fakeRouter';

async function handle(data: unknown, url = '/en') {
  const actions: UnknownAction[] = [];
  await runSaga(
    {
      dispatch: (action: UnknownAction) => actions.push(action),
      getState: () => ({}),
      context: { router: fakeRouter(url) },
    },
    handleOfferAndChatEvent,
    data,
  ).toPromise();
  return actions;
}

const match = {
  handler: 'alerts.match',
  task_uuid: 't1',
  task_identifier: 'TKSINK01',
  task_title: 'Fix the sink',
};

describe('alerts.match', () => {
  it('shows a notice that links to the task and refetches Tasks for you', async () => {
    const [notice, invalidate] = await handle(match, '/en/freelancers');
    expect(notice.payload).toMatchObject({
      kind: 'info',
      message: { id: 'push.notice.alertMatch' },
      values: { title: 'Fix the sink' },
      link: { route: 'task', params: { slug: 'TKSINK01' } },
    });
    expect(invalidate).toEqual(api.util.invalidateTags(['AlertMatches']));
  });

  it('needs no link on the task’s own page, and ignores an event without a task', async () => {
    const [notice] = await handle(match, '/en/tasks/TKSINK01');
    expect(notice.payload).toMatchObject({ message: { id: 'push.notice.alertMatch' } });
    expect((notice.payload as { link?: unknown }).link).toBeUndefined();
    expect(await handle({ handler: 'alerts.match' })).toEqual([]);
  });
});
