/**
 * One rule for a shared schema's errors in every flat form (offers, alerts, registration, profile,
 * moderation): the first message per field, an array item's under its array, in the feature's
 * wording where it has one, else the shared text, else "not valid".
 */
import { createIntl } from 'react-intl';
import { array, number, object, string } from 'yup';
import { validationMessages } from '../../../src/shared/validation/messages';
import { refText, schemaErrors } from '../../../src/web/ui/schemaErrors';
import en from '../../../translations/en.json';

const intl = createIntl({ locale: 'en', messages: en });

const schema = object({
  title: string()
    .required({ id: 'validation.required' })
    .min(5, { id: 'validation.min_length', values: { min: 5 } }),
  tags: array(number().max(3, { id: 'validation.unknown_rule' })),
});

const own = {
  texts: { 'validation.required': { id: 'probe.required', defaultMessage: 'Say something.' } },
  invalid: { id: 'probe.invalid', defaultMessage: 'Not like this.' },
};

it('passes: no errors', () => {
  expect(schemaErrors(intl, schema, { title: 'A long title', tags: [1] })).toEqual({});
});

it('the first message per field, in the shared words; an array item under its array', () => {
  expect(schemaErrors(intl, schema, { title: 'abc', tags: [1, 9] })).toEqual({
    title: 'Use at least 5 characters.',
    tags: intl.formatMessage(validationMessages.invalid),
  });
});

it("a feature's wording wins for its ids; the rest take the shared texts or its 'not valid'", () => {
  expect(schemaErrors(intl, schema, { title: '', tags: [9] }, own)).toEqual({
    title: 'Say something.',
    tags: 'Not like this.',
  });
  expect(schemaErrors(intl, schema, { title: 'abc' }, own).title).toBe(
    'Use at least 5 characters.',
  );
  expect(refText(intl, 'plain text')).toBe(intl.formatMessage(validationMessages.invalid));
});
