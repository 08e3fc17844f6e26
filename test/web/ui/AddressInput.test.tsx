/**
 * @jest-environment ./test/support/webEnvironment.ts
 */
import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import type { Place } from '../../../src/shared/places';
import { AddressInput } from '../../../src/web/ui/AddressInput';
import { Modal } from '../../../src/web/ui/Modal';
import { renderWithProviders } from '../../support/render';

const place = (address: string, lat = 56.95, lng = 24.1): Place => ({
  lat,
  lng,
  address,
  components: { locality: 'Rīga', country_code: 'lv' },
});

const PLACES = [
  place('Brīvības iela 1, Rīga, Latvia'),
  place('Brīvības iela 2, Rīga, Latvia'),
  place('Brīvības iela 3, Rīga, Latvia'),
];

function Harness({
  search,
  onPick,
  onClear,
  onSubmit,
}: {
  search: (text: string) => Promise<Place[]>;
  onPick: (place: Place) => void;
  onClear?: () => void;
  onSubmit?: () => void;
}) {
  const [text, setText] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
    >
      <AddressInput
        label="Address"
        value={text}
        onTextChange={setText}
        onPick={(p) => {
          setText(p.address);
          onPick(p);
        }}
        onClear={onClear ?? (() => undefined)}
        search={search}
        debounceMs={200}
      />
      <button type="submit">send</button>
    </form>
  );
}

function setup(overrides: Partial<Parameters<typeof Harness>[0]> = {}) {
  const search = jest.fn(async (_text: string) => PLACES);
  const onPick = jest.fn();
  const onSubmit = jest.fn();
  const rendered = renderWithProviders(
    <Harness search={search} onPick={onPick} onSubmit={onSubmit} {...overrides} />,
  );
  return {
    ...rendered,
    search,
    onPick,
    onSubmit,
    input: screen.getByRole('combobox', { name: 'Address' }),
  };
}

describe('AddressInput (SPEC 5 address input)', () => {
  it('searches after typing (debounced) and lists the suggestions', async () => {
    const { user, search, input } = setup();
    await user.type(input, 'Brīv');
    expect(await screen.findAllByRole('option')).toHaveLength(3);
    // One search for the whole burst of keystrokes.
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('Brīv');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
  });

  it('moves the highlight with the arrows and Enter picks the highlighted one', async () => {
    const { user, input, onPick, onSubmit } = setup();
    await user.type(input, 'Brīv');
    await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowUp}');
    const options = screen.getAllByRole('option');
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', options[1].id);
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith(PLACES[1]);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(input).toHaveValue('Brīvības iela 2, Rīga, Latvia');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('Enter with no highlight picks the first suggestion and does not submit the form', async () => {
    const { user, input, onPick, onSubmit } = setup();
    await user.type(input, 'Brīv');
    await screen.findAllByRole('option');
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith(PLACES[0]);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('Enter before the suggestions arrive searches at once and picks the first', async () => {
    const search = jest.fn(async () => PLACES);
    const onPick = jest.fn();
    const onSubmit = jest.fn();
    const { user } = renderWithProviders(
      <Harness search={search} onPick={onPick} onSubmit={onSubmit} />,
    );
    const input = screen.getByRole('combobox', { name: 'Address' });
    await user.type(input, 'Brīv{Enter}');
    await waitFor(() => expect(onPick).toHaveBeenCalledWith(PLACES[0]));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('Enter with an empty field does not submit the form either', async () => {
    const { user, input, onSubmit, onPick } = setup();
    await user.click(input);
    await user.keyboard('{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(onPick).not.toHaveBeenCalled();
  });

  it('Escape closes the list', async () => {
    const { user, input } = setup();
    await user.type(input, 'Brīv');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('clicking a suggestion picks it', async () => {
    const { user, input, onPick } = setup();
    await user.type(input, 'Brīv');
    await user.click((await screen.findAllByRole('option'))[2]);
    expect(onPick).toHaveBeenCalledWith(PLACES[2]);
  });

  it('leaving the field empty clears the picked location', async () => {
    const onClear = jest.fn();
    const { user, input } = setup({ onClear });
    await user.type(input, 'Brīv');
    await screen.findAllByRole('option');
    await user.keyboard('{Enter}');
    expect(onClear).not.toHaveBeenCalled();
    await user.clear(input);
    await user.tab();
    expect(onClear).toHaveBeenCalled();
  });

  it('ArrowUp from no highlight goes to the last suggestion, which is scrolled into view', async () => {
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      const { user, input } = setup();
      await user.type(input, 'Brīv');
      const options = await screen.findAllByRole('option');
      await user.keyboard('{ArrowUp}');
      const last = options[options.length - 1];
      expect(last).toHaveAttribute('aria-selected', 'true');
      expect(input).toHaveAttribute('aria-activedescendant', last.id);
      expect(scrolled.at(-1)).toBe(last);
      // ArrowDown wraps round to the first.
      await user.keyboard('{ArrowDown}');
      expect(options[0]).toHaveAttribute('aria-selected', 'true');
      expect(scrolled.at(-1)).toBe(options[0]);
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('in a modal, Escape closes the list first and only a second Escape the modal', async () => {
    const onClose = jest.fn();
    function InModal() {
      const [value, setValue] = useState('');
      return (
        <Modal isOpen title="Edit task" onClose={onClose}>
          <AddressInput
            label="Address"
            value={value}
            onTextChange={setValue}
            onPick={(picked) => setValue(picked.address)}
            onClear={() => undefined}
            search={async () => PLACES}
            debounceMs={0}
          />
        </Modal>
      );
    }
    const { user } = renderWithProviders(<InModal />);
    await user.type(screen.getByRole('combobox', { name: 'Address' }), 'Brīv');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a failing search closes the list quietly', async () => {
    const onSearchError = jest.fn();
    const search = jest.fn(async () => {
      throw new Error('offline');
    });
    const { user } = renderWithProviders(
      <AddressInput
        label="Address"
        value="Brīv"
        onTextChange={() => undefined}
        onPick={() => undefined}
        onClear={() => undefined}
        search={search}
        onSearchError={onSearchError}
      />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Address' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onSearchError).toHaveBeenCalled());
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });
});
