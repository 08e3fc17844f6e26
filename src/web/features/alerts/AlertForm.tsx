import { useMemo } from 'react';
import { FORM_ERROR, type SubmissionErrors } from 'final-form';
import { Field, Form } from 'react-final-form';
import { useIntl, type IntlShape } from 'react-intl';
import styled from 'styled-components';
import type { TaskAlert } from '../../../shared/alerts';
import type { Locale } from '../../../shared/locales';
import type { Category } from '../../../shared/types';
import { alertSchema } from '../../../shared/validation/alerts';
import { fieldErrors, isValidationError } from '../../api/baseQuery';
import { commonMessages } from '../../i18n/commonMessages';
import { AddressInput } from '../../ui/AddressInput';
import { Button } from '../../ui/Button';
import { LanguageChecks } from '../../ui/LanguageChecks';
import { FormAlert } from '../../ui/FormAlert';
import { shownError } from '../../ui/formErrors';
import { TextField } from '../../ui/TextField';
import { schemaErrors } from '../../ui/schemaErrors';
import { CategoryChecks, CheckLabel, Fieldset, GroupError, Hint } from '../registration/shared';
import { useGeocoder } from '../taskForm/useGeocoder';
import { useCreateAlertMutation, useUpdateAlertMutation, type AlertRequest } from './alertsApi';
import { alertsMessages as messages } from './messages';
import { theme } from '../../app/theme';

/** The form's values: what the inputs hold (numbers as typed). */
export interface AlertValues {
  categories: string[];
  location_type: 'specific' | 'anywhere';
  address: string;
  lat: number | null;
  lng: number | null;
  radius_km: string;
  languages: string[];
  budget_min: string;
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0 ${theme.space.md};
`;

const Place = styled.div`
  display: grid;
  gap: ${theme.space.md};
  margin-bottom: ${theme.space.md};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space.sm};
`;

export function initialAlertValues(alert: TaskAlert | null, locale: Locale): AlertValues {
  return {
    categories: (alert?.categories ?? []).map(String),
    location_type: alert?.location_type === 'anywhere' ? 'anywhere' : 'specific',
    address: alert?.address ?? '',
    lat: alert?.lat ?? null,
    lng: alert?.lng ?? null,
    radius_km: String(alert?.radius_km ?? 25),
    languages: alert?.languages ?? [locale],
    budget_min: alert?.budget_min === null || !alert ? '' : String(alert.budget_min),
  };
}

const numberOrNull = (text: string): number | null | string =>
  text.trim() === '' ? null : /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : text;

/** The request body; text that is not a whole number is sent as typed (the schema says why). */
export function toAlertRequest(values: AlertValues): AlertRequest {
  const specific = values.location_type === 'specific';
  return {
    categories: (values.categories ?? []).map(Number),
    location_type: values.location_type,
    address: specific ? values.address : null,
    lat: specific ? values.lat : null,
    lng: specific ? values.lng : null,
    radius_km: specific ? (numberOrNull(values.radius_km ?? '') as number | null) : null,
    languages: values.languages ?? [],
    budget_min: numberOrNull(values.budget_min ?? '') as number | null,
  };
}

/** The shared schema's errors on the form's fields (a coordinate's error shows on the address). */
function validate(intl: IntlShape, values: AlertValues): Record<string, string> {
  const errors = schemaErrors(intl, alertSchema, toAlertRequest(values));
  const placeError = errors.address ?? errors.lat ?? errors.lng;
  const { lat: _lat, lng: _lng, ...rest } = errors;
  return placeError ? { ...rest, address: placeError } : rest;
}

export interface AlertFormProps {
  /** The alert being edited; null: a new one. */
  alert: TaskAlert | null;
  tree: readonly Category[];
  locale: Locale;
  onSaved: (alert: TaskAlert) => void;
  onCancel?: () => void;
}

/** Create or edit a task alert (final-form, the shared schema; the server's 422 on the fields). */
export function AlertForm({ alert, tree, locale, onSaved, onCancel }: AlertFormProps) {
  const intl = useIntl();
  const geocoder = useGeocoder();
  const [createAlert] = useCreateAlertMutation();
  const [updateAlert] = useUpdateAlertMutation();
  const initialValues = useMemo(() => initialAlertValues(alert, locale), [alert, locale]);
  const headingId = alert ? `alert-form-${alert.id}` : 'alert-form-new';

  const onSubmit = async (values: AlertValues): Promise<SubmissionErrors | undefined> => {
    const body = toAlertRequest(values);
    const result = alert ? await updateAlert({ id: alert.id, body }) : await createAlert(body);
    if ('error' in result && result.error) {
      if (isValidationError(result.error)) {
        const { lat, lng, ...errors } = fieldErrors(result.error) as Record<string, string>;
        return {
          ...errors,
          ...(lat || lng ? { address: errors.address ?? lat ?? lng } : {}),
          [FORM_ERROR]: intl.formatMessage(messages.failed),
        };
      }
      return { [FORM_ERROR]: intl.formatMessage(commonMessages.unexpectedError) };
    }
    if ('data' in result && result.data) onSaved(result.data);
    return undefined;
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{intl.formatMessage(alert ? messages.editTitle : messages.newTitle)}</h2>
      <Form<AlertValues>
        onSubmit={onSubmit}
        initialValues={initialValues}
        validate={(values) => validate(intl, values)}
      >
        {({ handleSubmit, submitting, submitError, values, form }) => (
          <form onSubmit={handleSubmit} noValidate aria-labelledby={headingId}>
            {submitError && <FormAlert role="alert">{submitError}</FormAlert>}
            <Fieldset>
              <legend>{intl.formatMessage(messages.categories)}</legend>
              <Hint>{intl.formatMessage(messages.categoriesHint)}</Hint>
              <CategoryChecks tree={tree} name="categories" />
              <GroupError name="categories" />
            </Fieldset>
            <Fieldset>
              <legend>{intl.formatMessage(messages.where)}</legend>
              <Row>
                {(['specific', 'anywhere'] as const).map((type) => (
                  <Field<string> key={type} name="location_type" type="radio" value={type}>
                    {({ input }) => (
                      <CheckLabel>
                        <input {...input} />
                        {intl.formatMessage(
                          type === 'specific' ? messages.nearPlace : messages.remote,
                        )}
                      </CheckLabel>
                    )}
                  </Field>
                ))}
              </Row>
            </Fieldset>
            {values.location_type === 'specific' && (
              <Place>
                <Field<string> name="address">
                  {({ meta }) => (
                    <AddressInput
                      id={`${headingId}-address`}
                      name="address"
                      label={intl.formatMessage(messages.address)}
                      placeholder={intl.formatMessage(messages.addressPlaceholder)}
                      value={values.address}
                      search={(text) => geocoder.search(text)}
                      noResults={intl.formatMessage(messages.noPlaces)}
                      onTextChange={(text) => {
                        form.batch(() => {
                          form.change('address', text);
                          form.change('lat', null);
                          form.change('lng', null);
                        });
                      }}
                      onPick={(place) => {
                        form.batch(() => {
                          form.change('address', place.address);
                          form.change('lat', place.lat);
                          form.change('lng', place.lng);
                        });
                      }}
                      onClear={() => {
                        form.batch(() => {
                          form.change('address', '');
                          form.change('lat', null);
                          form.change('lng', null);
                        });
                      }}
                      onBlur={() => form.blur('address')}
                      error={shownError(meta)}
                    />
                  )}
                </Field>
                <Field<string> name="radius_km">
                  {({ input, meta }) => (
                    <TextField
                      {...input}
                      id={`${headingId}-radius`}
                      label={intl.formatMessage(messages.radius)}
                      inputMode="numeric"
                      error={shownError(meta)}
                    />
                  )}
                </Field>
              </Place>
            )}
            <Fieldset>
              <legend>{intl.formatMessage(messages.languages)}</legend>
              <LanguageChecks name="languages" />
              <GroupError name="languages" />
            </Fieldset>
            <Field<string> name="budget_min">
              {({ input, meta }) => (
                <TextField
                  {...input}
                  id={`${headingId}-budget`}
                  label={intl.formatMessage(messages.budgetMin)}
                  inputMode="numeric"
                  error={shownError(meta)}
                />
              )}
            </Field>
            <Hint>{intl.formatMessage(messages.budgetHint)}</Hint>
            <Actions>
              <Button
                type="submit"
                $loading={submitting}
                loadingLabel={intl.formatMessage(messages.saving)}
              >
                {intl.formatMessage(messages.save)}
              </Button>
              {onCancel && (
                <Button type="button" $variant="secondary" onClick={onCancel}>
                  {intl.formatMessage(messages.cancel)}
                </Button>
              )}
            </Actions>
          </form>
        )}
      </Form>
    </section>
  );
}
