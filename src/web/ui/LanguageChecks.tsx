/**
 * The six UI languages as checkboxes of one final-form field (an array of locale codes): the
 * languages a freelancer works in (become-freelancer, profile) and those a task alert matches.
 * The caller wraps it in its fieldset and legend and shows the group's error.
 */
import { Field } from 'react-final-form';
import styled from 'styled-components';
import { LOCALES } from '../../shared/locales';
import { LANGUAGE_NAMES } from '../i18n/LanguageSwitcher';
import { theme } from '../app/theme';

/** A checkbox and its text, 44 px tall (a touch target); for every checkbox list of the forms. */
export const CheckLabel = styled.label`
  display: inline-flex;
  align-items: flex-start;
  gap: ${theme.space.sm};
  min-height: 44px;
  padding-top: ${theme.space.sm};

  input {
    /* Kept at its size beside a text that wraps (a long category or place option). */
    flex-shrink: 0;
    width: 1.1rem;
    height: 1.1rem;
    margin-top: 0.2rem;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0 ${theme.space.md};
`;

export function LanguageChecks({ name }: { name: string }) {
  return (
    <Row>
      {LOCALES.map((code) => (
        <Field<string> key={code} name={name} type="checkbox" value={code}>
          {({ input }) => (
            <CheckLabel>
              <input {...input} />
              {LANGUAGE_NAMES[code]}
            </CheckLabel>
          )}
        </Field>
      ))}
    </Row>
  );
}
