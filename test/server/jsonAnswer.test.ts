/**
 * Kept JSON answers (src/server/cache/jsonAnswer.ts): a task's answer is serialized once with a
 * hole for its view count; whatever the user typed, filling the hole gives exactly the JSON of the
 * task with that count, and the tag changes with the count and with anything else.
 */
import { filledTaskAnswer, jsonAnswer, taskAnswerOf } from '../../src/server/cache/jsonAnswer';
import type { LoadedTask } from '../../src/server/tasks/loadTask';
import type { Task } from '../../src/shared/types';

const tricky = '","views_count":-1,"x":"\\"views_count\\":-1 }';

function loaded(overrides: Partial<Task> = {}): LoadedTask {
  const task = {
    uuid: '0f6b1c2e-1111-4222-8333-444455556666',
    identifier: 'TKABC123',
    title: tricky,
    description: `"views_count":-1 ${tricky}`,
    views_count: 12,
    offers: [],
    ...overrides,
  } as unknown as Task; // only the fields serialization reads; the rest plays no part here
  return { task, authorUuid: 'a', chosenFreelancerUuid: null, viewedRecently: false };
}

describe('a kept task answer', () => {
  it("is the task's own JSON with this request's view count, whatever the texts contain", () => {
    const source = loaded();
    const answer = taskAnswerOf(source);
    for (const count of [0, 7, 12_345]) {
      const { body } = filledTaskAnswer(answer, count);
      expect(body).toBe(JSON.stringify({ data: { ...source.task, views_count: count } }));
      const parsed = JSON.parse(body) as { data: Task };
      expect(parsed.data.title).toBe(tricky);
      expect(parsed.data.views_count).toBe(count);
    }
  });

  it('has a tag that changes with the count and with the content, and only then', () => {
    const answer = taskAnswerOf(loaded());
    expect(filledTaskAnswer(answer, 3).etag).toBe(filledTaskAnswer(taskAnswerOf(loaded()), 3).etag);
    expect(filledTaskAnswer(answer, 3).etag).not.toBe(filledTaskAnswer(answer, 4).etag);
    const retitled = taskAnswerOf(loaded({ title: 'Another title' }));
    expect(filledTaskAnswer(retitled, 3).etag).not.toBe(filledTaskAnswer(answer, 3).etag);
    expect(filledTaskAnswer(answer, 3).etag).toMatch(/^"[\w-]+"$/);
  });
});

describe('a kept JSON answer', () => {
  it('is the JSON of the value with a tag of its bytes', () => {
    const a = jsonAnswer({ data: [1, 2], meta: { total: 2 } });
    expect(a.body.toString()).toBe('{"data":[1,2],"meta":{"total":2}}');
    expect(jsonAnswer({ data: [1, 2], meta: { total: 2 } }).etag).toBe(a.etag);
    expect(jsonAnswer({ data: [1, 2], meta: { total: 3 } }).etag).not.toBe(a.etag);
  });
});
