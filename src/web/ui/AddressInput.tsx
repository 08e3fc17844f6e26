import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
} from 'react';
import styled from 'styled-components';
import { controlStyles, ErrorLine } from './TextField';
import type { Place } from '../../shared/places';
import { theme } from '../app/theme';

const Field = styled.div`
  position: relative;
  display: grid;
  gap: ${theme.space.xs};
  min-width: 0;
`;

const Label = styled.label`
  font-weight: 600;
`;

const Input = styled.input<{ $invalid: boolean }>`
  ${controlStyles}
  min-width: 0;
`;

const List = styled.ul`
  position: absolute;
  top: 100%;
  left: 0;
  right: 0;
  z-index: 10;
  max-height: 260px;
  margin: 2px 0 0;
  padding: 0;
  overflow-y: auto;
  list-style: none;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.background};
  box-shadow: ${theme.shadows.card};
`;

const Option = styled.li<{ $active: boolean }>`
  padding: ${theme.space.sm} ${theme.space.md};
  background: ${({ $active }) => ($active ? theme.colors.secondary : 'transparent')};
  cursor: pointer;
`;

const OptionNote = styled.span`
  display: block;
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

/**
 * Under the input like the list, out of the flow, so its text coming and going moves nothing on
 * the page. Always rendered: a live region announces what appears in it.
 */
const StatusSlot = styled.div`
  position: absolute;
  top: 100%;
  left: 0;
  right: 0;
  z-index: 10;
`;

const Empty = styled.p`
  margin: 2px 0 0;
  padding: ${theme.space.sm} ${theme.space.md};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radii.md};
  background: ${theme.colors.background};
  box-shadow: ${theme.shadows.card};
  color: ${theme.colors.textMuted};
  font-size: ${theme.fontSizes.sm};
`;

export interface AddressInputProps {
  /** Translated label. */
  label: string;
  /** The text in the input. */
  value: string;
  /** The user typed: the picked place (if any) no longer matches the text. */
  onTextChange: (text: string) => void;
  /** A suggestion was chosen (click, or Enter). */
  onPick: (place: Place) => void;
  /** The field was left empty: the picked location must be cleared. */
  onClear: () => void;
  /** The geocoder: suggestions for a text. */
  search: (text: string) => Promise<Place[]>;
  onBlur?: () => void;
  /** Called when `search` fails (the list simply stays closed). */
  onSearchError?: (error: unknown) => void;
  /** Translated error under the input. */
  error?: ReactNode;
  placeholder?: string;
  id?: string;
  name?: string;
  /** Wait this long after the last keystroke before searching. */
  debounceMs?: number;
  /** Shortest text that is searched. */
  minChars?: number;
  /** A translated note under a suggestion's address (e.g. that its point is approximate). */
  describe?: (place: Place) => ReactNode;
  /** Translated text shown while a finished search found nothing for the typed text. */
  noResults?: ReactNode;
}

/**
 * A combobox of address suggestions. Arrow keys move the highlight; Enter picks the highlighted
 * suggestion or else the first one and never submits the form; Escape closes the list; leaving
 * the field empty clears the picked location.
 */
export function AddressInput({
  label,
  value,
  onTextChange,
  onPick,
  onClear,
  search,
  onBlur,
  onSearchError,
  error,
  placeholder,
  id,
  name,
  debounceMs = 250,
  minChars = 2,
  describe,
  noResults,
}: AddressInputProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const listId = `${inputId}-listbox`;
  const errorId = `${inputId}-error`;
  const [suggestions, setSuggestions] = useState<Place[]>([]);
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(-1);
  // The last search found nothing (cleared by typing and by leaving the field).
  const [empty, setEmpty] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Only the newest search may fill the list.
  const seq = useRef(0);
  const listRef = useRef<HTMLUListElement>(null);

  // The highlighted suggestion stays in view while the arrows move through a long list.
  useEffect(() => {
    if (highlight < 0) return;
    const option = listRef.current?.children[highlight];
    if (option instanceof HTMLElement) option.scrollIntoView?.({ block: 'nearest' });
  }, [highlight]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      seq.current += 1;
    },
    [],
  );

  const close = () => {
    setOpen(false);
    setHighlight(-1);
  };

  const runSearch = async (text: string): Promise<Place[]> => {
    clearTimeout(timer.current);
    const mine = (seq.current += 1);
    try {
      const places = await search(text);
      if (mine !== seq.current) return [];
      setSuggestions(places);
      setHighlight(-1);
      setOpen(places.length > 0);
      setEmpty(places.length === 0);
      return places;
    } catch (err) {
      if (mine === seq.current) {
        setSuggestions([]);
        close();
        onSearchError?.(err);
      }
      return [];
    }
  };

  const pick = (place: Place) => {
    clearTimeout(timer.current);
    seq.current += 1;
    setSuggestions([]);
    close();
    onPick(place);
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value;
    setEmpty(false);
    onTextChange(text);
    clearTimeout(timer.current);
    if (text.trim().length < minChars) {
      seq.current += 1;
      setSuggestions([]);
      close();
      return;
    }
    timer.current = setTimeout(() => void runSearch(text.trim()), debounceMs);
  };

  const onKeyDown = async (event: ReactKeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    switch (event.key) {
      case 'ArrowDown':
        if (count === 0) return;
        event.preventDefault();
        setOpen(true);
        setHighlight((h) => (h + 1) % count);
        return;
      case 'ArrowUp':
        if (count === 0) return;
        event.preventDefault();
        setOpen(true);
        setHighlight((h) => (h <= 0 ? count - 1 : h - 1));
        return;
      case 'Escape':
        if (!open) return;
        // Closing the list must not also close a surrounding modal.
        event.preventDefault();
        event.stopPropagation();
        close();
        return;
      case 'Enter': {
        // Never submits the form.
        event.preventDefault();
        if (count > 0) {
          pick(suggestions[highlight >= 0 && highlight < count ? highlight : 0]);
          return;
        }
        const text = value.trim();
        if (text.length < minChars) return;
        // Typed faster than the debounce: search now and take the first answer.
        const places = await runSearch(text);
        if (places.length > 0) pick(places[0]);
        return;
      }
      default:
    }
  };

  const onInputBlur = () => {
    close();
    setEmpty(false);
    if (value.trim() === '') onClear();
    onBlur?.();
  };

  const optionContent = (place: Place): ReactNode => {
    const note = describe?.(place);
    return (
      <>
        <span>{place.address}</span>
        {note && <OptionNote>{note}</OptionNote>}
      </>
    );
  };

  const expanded = open && suggestions.length > 0;
  const noResultsId = `${inputId}-empty`;
  const showEmpty = empty && !expanded && !error && Boolean(noResults);
  const activeId = expanded && highlight >= 0 ? `${inputId}-option-${highlight}` : undefined;
  return (
    <Field>
      <Label htmlFor={inputId}>{label}</Label>
      <Input
        id={inputId}
        name={name}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : showEmpty ? noResultsId : undefined}
        placeholder={placeholder}
        value={value}
        onChange={onChange}
        onKeyDown={(event) => void onKeyDown(event)}
        onBlur={onInputBlur}
        $invalid={Boolean(error)}
      />
      <List ref={listRef} id={listId} role="listbox" aria-label={label} hidden={!expanded}>
        {expanded &&
          suggestions.map((place, index) => (
            <Option
              key={`${place.lat},${place.lng},${index}`}
              id={`${inputId}-option-${index}`}
              role="option"
              aria-selected={index === highlight}
              $active={index === highlight}
              // Before the input's blur, so the click still lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(place)}
            >
              {optionContent(place)}
            </Option>
          ))}
      </List>
      <StatusSlot role="status">
        {showEmpty && <Empty id={noResultsId}>{noResults}</Empty>}
      </StatusSlot>
      <ErrorLine id={errorId} error={error} />
    </Field>
  );
}
