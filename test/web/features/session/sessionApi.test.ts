/**
 * Logging in refetches what depends on who is asking: every cache tag but the three that do not
 * (the user itself, the categories, the reasons' lists), derived from the API's one list of tags.
 */
import { TAG_TYPES } from '../../../../src/web/api/api';
import { VIEWER_TAGS, viewerTags } from '../../../../src/web/features/session/sessionApi';

const EXCLUDED = ['Me', 'Categories', 'IncompleteReasons'];

it('VIEWER_TAGS are all tag types but Me, Categories and IncompleteReasons', () => {
  expect(VIEWER_TAGS).toEqual(TAG_TYPES.filter((tag) => !EXCLUDED.includes(tag)));
  for (const tag of EXCLUDED) expect(VIEWER_TAGS).not.toContain(tag);
  expect(VIEWER_TAGS).toEqual(expect.arrayContaining(['Task', 'Offers', 'AlertMatches']));
});

it('a new tag type depends on the viewer by default', () => {
  const tags = viewerTags([...TAG_TYPES, 'Invoices']);
  expect(tags).toContain('Invoices');
  for (const tag of EXCLUDED) expect(tags).not.toContain(tag);
});
