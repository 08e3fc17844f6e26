import { useState } from 'react';
import { getIn } from 'final-form';
import { useForm, useFormState } from 'react-final-form';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { ADDRESS_QUERY_MAX, toLocation, type Place } from '../../../../shared/places';
import { validationMessages } from '../../../../shared/validation/messages';
import {
  addLocation,
  canAddLocation,
  removeLocation,
  type TaskFormLocation,
  type TaskFormValues,
} from '../../../../shared/validation/taskForm';
import { getConfig } from '../../../app/config';
import { AddressInput } from '../../../ui/AddressInput';
import { Button } from '../../../ui/Button';
import { MapView, markerLetter, type MapPoint } from '../../../ui/MapView';
import { taskFormMessages as messages } from '../messages';
import { rememberPlace, useGeocoder } from '../useGeocoder';
import { LOCATIONS_ERROR } from '../validate';
import { changePath, ErrorLine, ErrorText } from './fields';
import { theme } from '../../../app/theme';

const Row = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  align-items: start;
  gap: ${theme.space.sm};
  margin-bottom: ${theme.space.md};
`;

const RemoveButton = styled(Button)`
  margin-top: 1.75rem;
  padding-inline: ${theme.space.md};
`;

const Rows = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const MapBox = styled.div`
  margin-top: ${theme.space.md};
`;

/** The API's field error for the search text (422 errors.q), if that is what the error is. */
function queryFieldError(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, data } = error as { status?: unknown; data?: unknown };
  if (status !== 422 || typeof data !== 'object' || data === null) return null;
  const q = (data as { errors?: Record<string, unknown> }).errors?.q;
  return Array.isArray(q) && typeof q[0] === 'string' ? q[0] : null;
}

const unpicked = (address: string): TaskFormLocation => ({
  address,
  city: '',
  lat: null,
  lng: null,
});

/** The address rows of a specific-location task: suggestions, add/remove, a map of the picks. */
export function LocationList() {
  const intl = useIntl();
  const form = useForm<TaskFormValues>();
  // No <Field> per row: react-final-form would re-apply the initial value to a row's field that
  // registers again (anywhere -> specific), undoing applyLocationType. Errors are read here.
  const { values, errors, submitErrors, submitFailed, dirtySinceLastSubmit } =
    useFormState<TaskFormValues>({
      subscription: {
        values: true,
        errors: true,
        submitErrors: true,
        submitFailed: true,
        dirtySinceLastSubmit: true,
      },
    });
  const [left, setLeft] = useState<ReadonlySet<number>>(new Set());
  const { search, reverse } = useGeocoder();
  // Rows whose last pick had no usable address (cleared, with a message).
  const [unusable, setUnusable] = useState<ReadonlySet<number>>(new Set());
  const [searchFailed, setSearchFailed] = useState(false);
  // Rows whose search text the API refuses (too long), with the translated reason.
  const [queryErrors, setQueryErrors] = useState<ReadonlyMap<number, string>>(new Map());
  const locations = values.locations;
  const config = getConfig();

  const setQueryError = (index: number, text: string | null) =>
    setQueryErrors((map) => {
      if ((map.get(index) ?? null) === text) return map;
      const next = new Map(map);
      if (text === null) next.delete(index);
      else next.set(index, text);
      return next;
    });

  const tooLong = (text: string): boolean => text.trim().length > ADDRESS_QUERY_MAX;

  // A too long text is said as it is typed, and not sent: the API would refuse it the same way.
  const searchRow = async (index: number, text: string): Promise<Place[]> =>
    tooLong(text) ? [] : search(text, near(index));

  const onSearchError = (index: number, error: unknown) => {
    const fieldError = queryFieldError(error);
    if (fieldError) setQueryError(index, fieldError);
    else setSearchFailed(true);
  };

  const mark = (index: number, on: boolean) =>
    setUnusable((set) => {
      const next = new Set(set);
      if (on) next.add(index);
      else next.delete(index);
      return next;
    });

  const onPick = async (index: number, place: Place) => {
    let candidate = place;
    // Geocoding by coordinates fills a missing address.
    if (!place.address.trim() && Number.isFinite(place.lat) && Number.isFinite(place.lng)) {
      const found = await reverse(place.lat, place.lng);
      if (found) {
        candidate = {
          ...place,
          address: found.address,
          components: { ...found.components, ...place.components },
        };
      }
    }
    const location = toLocation(candidate);
    mark(index, location === null);
    if (location) rememberPlace(location);
    changePath(form, `locations.${index}`, location ?? unpicked(place.address));
    setLeft((set) => new Set(set).add(index));
  };

  /** The row's own place, else the last place picked in another row (else useGeocoder's). */
  const near = (index: number): { lat: number; lng: number } | null => {
    const order = [index, ...locations.map((_, i) => locations.length - 1 - i)];
    for (const i of order) {
      const l = locations[i];
      if (l && l.lat !== null && l.lng !== null) return { lat: l.lat, lng: l.lng };
    }
    return null;
  };

  const points: MapPoint[] = locations.flatMap((l, i) =>
    l.lat !== null && l.lng !== null ? [{ lat: l.lat, lng: l.lng, label: markerLetter(i) }] : [],
  );
  const rowError = (index: number): string | undefined => {
    const path = `locations.${index}.address`;
    const error: unknown = getIn(errors ?? {}, path);
    if (error && (submitFailed || left.has(index))) return String(error);
    const submitError: unknown = getIn(submitErrors ?? {}, path);
    if (submitError && !dirtySinceLastSubmit) return String(submitError);
    return undefined;
  };
  const listError = (errors as Record<string, unknown> | undefined)?.[LOCATIONS_ERROR];

  return (
    <div>
      <Rows>
        {locations.map((location, index) => {
          const letter = markerLetter(index).toUpperCase();
          return (
            <Row key={index}>
              <AddressInput
                id={`task-location-${index}`}
                name={`locations.${index}.address`}
                label={intl.formatMessage(messages.address, { letter })}
                placeholder={intl.formatMessage(messages.addressPlaceholder)}
                value={location.address}
                search={(text) => searchRow(index, text)}
                onSearchError={(error) => onSearchError(index, error)}
                describe={(place) =>
                  place.approximate
                    ? intl.formatMessage(messages.approximate, {
                        city: place.components.locality ?? '',
                      })
                    : null
                }
                noResults={intl.formatMessage(messages.noPlaces)}
                onTextChange={(text) => {
                  mark(index, false);
                  setQueryError(
                    index,
                    tooLong(text)
                      ? intl.formatMessage(validationMessages.maxLength, {
                          max: ADDRESS_QUERY_MAX,
                        })
                      : null,
                  );
                  setSearchFailed(false);
                  changePath(form, `locations.${index}`, unpicked(text));
                }}
                onPick={(place) => void onPick(index, place)}
                onClear={() => changePath(form, `locations.${index}`, unpicked(''))}
                onBlur={() => setLeft((set) => new Set(set).add(index))}
                error={
                  unusable.has(index)
                    ? intl.formatMessage(messages.placeUnusable)
                    : (queryErrors.get(index) ?? rowError(index))
                }
              />
              {locations.length > 1 && (
                <RemoveButton
                  $variant="secondary"
                  aria-label={intl.formatMessage(messages.removeAddress, { letter })}
                  onClick={() => {
                    setUnusable(new Set());
                    setQueryErrors(new Map());
                    setLeft(new Set());
                    form.change('locations', removeLocation(values, index).locations);
                  }}
                >
                  <span aria-hidden="true">×</span>
                </RemoveButton>
              )}
            </Row>
          );
        })}
      </Rows>
      <ErrorLine
        id="task-locations-error"
        error={typeof listError === 'string' && submitFailed ? listError : undefined}
      />
      {searchFailed && (
        <ErrorText role="status">{intl.formatMessage(messages.searchFailed)}</ErrorText>
      )}
      {canAddLocation(values) && (
        <Button
          $variant="secondary"
          onClick={() => form.change('locations', addLocation(values).locations)}
        >
          {intl.formatMessage(messages.addAddress)}
        </Button>
      )}
      {points.length > 0 && (
        <MapBox>
          <MapView
            points={points}
            tileUrl={config.mapTileUrl}
            attribution={config.mapTileAttribution}
            height={240}
            label={intl.formatMessage(messages.mapLabel)}
          />
        </MapBox>
      )}
    </div>
  );
}
