import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { Field, Form } from 'react-final-form';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { Locale } from '../../../shared/locales';
import { profileSchema } from '../../../shared/validation/profile';
import { fieldErrors, isValidationError } from '../../api/baseQuery';
import { useAppDispatch } from '../../app/hooks';
import { commonMessages } from '../../i18n/commonMessages';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { LanguageChecks } from '../../ui/LanguageChecks';
import { TextField } from '../../ui/TextField';
import { showNotice } from '../notices/noticesSlice';
import { profileMessages as messages } from './messages';
import { useUpdateProfileMutation } from './profileApi';
import { validateProfile } from './validationText';
import { shownError } from '../../ui/formErrors';
import { theme } from '../../app/theme';

export interface ProfileFormValues {
  display_name: string;
  phone_number: string;
  languages: Locale[];
}

const Fieldset = styled.fieldset`
  margin: 0 0 ${theme.space.md};
  padding: 0;
  border: 0;

  legend {
    margin-bottom: ${theme.space.xs};
    font-weight: 600;
  }
`;

const Hint = styled.p`
  margin: -${theme.space.sm} 0 ${theme.space.md};
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${theme.colors.danger};
  font-size: ${theme.fontSizes.sm};
`;

/** The owner's display name, phone and languages, checked with the shared profile schema. */
export function ProfileEditForm({ initialValues }: { initialValues: ProfileFormValues }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [update] = useUpdateProfileMutation();

  const validate = (values: ProfileFormValues) => validateProfile(intl, values);

  const onSubmit = async (values: ProfileFormValues): Promise<SubmissionErrors | undefined> => {
    const form = profileSchema.cast(values);
    const result = await update({
      display_name: form.display_name,
      phone_number: form.phone_number ?? null,
      languages: (form.languages ?? []) as Locale[],
    });
    if ('error' in result && result.error) {
      if (isValidationError(result.error)) {
        return {
          ...fieldErrors(result.error),
          [FORM_ERROR]: intl.formatMessage(messages.saveFailed),
        };
      }
      return { [FORM_ERROR]: intl.formatMessage(commonMessages.unexpectedError) };
    }
    dispatch(showNotice({ kind: 'success', message: messages.saved }));
    return undefined;
  };

  return (
    <Form<ProfileFormValues> onSubmit={onSubmit} validate={validate} initialValues={initialValues}>
      {({ handleSubmit, submitting, submitError }) => (
        <form onSubmit={handleSubmit} noValidate>
          {submitError && <FormAlert role="alert">{submitError}</FormAlert>}
          <Field<string> name="display_name">
            {({ input, meta }) => (
              <TextField
                {...input}
                id="profile-display-name"
                autoComplete="nickname"
                label={intl.formatMessage(messages.displayName)}
                error={shownError(meta)}
              />
            )}
          </Field>
          <Hint>{intl.formatMessage(messages.displayNameHint)}</Hint>
          <Field<string> name="phone_number">
            {({ input, meta }) => (
              <TextField
                {...input}
                id="profile-phone"
                type="tel"
                autoComplete="tel"
                label={intl.formatMessage(messages.phone)}
                error={shownError(meta)}
              />
            )}
          </Field>
          <Hint>{intl.formatMessage(messages.phoneHint)}</Hint>
          <Fieldset>
            <legend>{intl.formatMessage(messages.languages)}</legend>
            <LanguageChecks name="languages" />
            <Field
              name="languages"
              subscription={{
                error: true,
                submitError: true,
                touched: true,
                dirtySinceLastSubmit: true,
              }}
            >
              {({ meta }) => {
                const error = shownError(meta);
                return error ? <ErrorText role="alert">{error}</ErrorText> : null;
              }}
            </Field>
          </Fieldset>
          <Button
            type="submit"
            $loading={submitting}
            loadingLabel={intl.formatMessage(messages.saving)}
          >
            {intl.formatMessage(messages.save)}
          </Button>
        </form>
      )}
    </Form>
  );
}
