/**
 * A valid task create form as the SPA posts it (multipart, bracket notation): a period in the
 * future, one picked place in Rīga, a range budget. Shared by the route tests and the property
 * tests of the task write API.
 */
export function validTaskFields(categoryId: number): Record<string, string | string[]> {
  return {
    category_id: String(categoryId),
    title: 'Fix a leaking tap',
    description: 'The kitchen tap drips all night.',
    'languages[]': ['lv', 'en'],
    due_type: 'period',
    due_start: '2035-06-01T09:00:00',
    due_end: '2035-06-02T17:30:00',
    location_type: 'specific',
    'locations[0][address]': 'Brīvības iela 1, Rīga',
    'locations[0][city]': 'Rīga',
    'locations[0][lat]': '56.95',
    'locations[0][lng]': '24.11',
    budget_from: '50',
    budget_to: '120',
  };
}
