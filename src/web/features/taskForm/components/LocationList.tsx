import { useState } from 'react';
import { getIn } from 'final-form';
import { useForm, useFormState } from 'react-final-form';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { toLocation, type Place } from '../../../../shared/places';
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
import { useGeocoder } from '../useGeocoder';
import { LOCATIONS_ERROR } from '../validate';
import { changePath, ErrorText } from './fields';

const Row = styled.li`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  align-items: start;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const RemoveButton = styled(Button)`
  margin-top: 1.75rem;
  padding-inline: ${({ theme }) => theme.space.md};
`;

const Rows = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const MapBox = styled.div`
  margin-top: ${({ theme }) => theme.space.md};
`;

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
  const locations = values.locations;
  const config = getConfig();

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
    changePath(form, `locations.${index}`, location ?? unpicked(place.address));
    setLeft((set) => new Set(set).add(index));
  };

  const near = (index: number) => {
    const own = locations[index];
    return own && own.lat !== null && own.lng !== null ? { lat: own.lat, lng: own.lng } : null;
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
                search={(text) => search(text, near(index))}
                onSearchError={() => setSearchFailed(true)}
                onTextChange={(text) => {
                  mark(index, false);
                  setSearchFailed(false);
                  changePath(form, `locations.${index}`, unpicked(text));
                }}
                onPick={(place) => void onPick(index, place)}
                onClear={() => changePath(form, `locations.${index}`, unpicked(''))}
                onBlur={() => setLeft((set) => new Set(set).add(index))}
                error={
                  unusable.has(index) ? intl.formatMessage(messages.placeUnusable) : rowError(index)
                }
              />
              {locations.length > 1 && (
                <RemoveButton
                  $variant="secondary"
                  aria-label={intl.formatMessage(messages.removeAddress, { letter })}
                  onClick={() => {
                    setUnusable(new Set());
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
      {typeof listError === 'string' && submitFailed && <ErrorText>{listError}</ErrorText>}
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
