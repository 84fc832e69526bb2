import { Label, inputClass } from '@sojourn/ui';
import { cn } from '@sojourn/util';
import { Plane } from 'lucide-react';
import * as React from 'react';
import { airportLabel, shortName, useAirport, useAirportSearch, type Airport } from './api';

export interface AirportFieldProps {
  /** The visible label ("From", "To"). */
  label: string;
  /** The chosen airport's IATA code, or '' for none. */
  value: string;
  /** Called with the chosen IATA code ('' when the field is cleared). */
  onChange: (code: string) => void;
  id?: string;
  name?: string;
  placeholder?: string;
  /** A validation message shown under the field (and announced). */
  error?: string | undefined;
  disabled?: boolean;
  className?: string;
  /** Debounce of the query, in ms. */
  debounceMs?: number;
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = React.useState(value);
  React.useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/**
 * An airport autocomplete (WAI-ARIA combobox with a listbox popup): type a city, an airport's name or its code;
 * Up/Down move through the suggestions, Enter chooses, Escape closes (or clears the text when closed).
 * The value is the IATA code.
 */
export function AirportField({
  label,
  value,
  onChange,
  id,
  name,
  placeholder = 'City, airport or code',
  error,
  disabled,
  className,
  debounceMs = 200,
}: AirportFieldProps) {
  const autoId = React.useId();
  const inputId = id ?? `airport-${autoId}`;
  const listId = `${inputId}-list`;
  const errorId = `${inputId}-error`;
  const chosen = useAirport(value);
  const [text, setText] = React.useState('');
  const [editing, setEditing] = React.useState(false);
  const [open, setOpen] = React.useState(false);
  const [active, setActive] = React.useState(-1);
  const query = useDebounced(text, debounceMs);
  const search = useAirportSearch(open && editing ? query : '');
  const options: Airport[] = open && editing && query.trim() ? (search.data ?? []) : [];
  const shown = open && editing && text.trim() !== '';

  // Out of editing, the field shows the chosen airport (or its bare code while it loads).
  const display = editing ? text : chosen.data ? airportLabel(chosen.data) : value;

  React.useEffect(() => setActive(options.length ? 0 : -1), [search.data, options.length]);

  const inputRef = React.useRef<HTMLInputElement>(null);
  const selectNext = React.useRef(false);
  React.useLayoutEffect(() => {
    if (!selectNext.current) return;
    selectNext.current = false;
    inputRef.current?.select();
  });
  function choose(a: Airport) {
    onChange(a.iata);
    setEditing(false);
    setOpen(false);
    setText('');
    // Still focused: the chosen airport's text is selected, so typing starts a new search. Selected in the commit
    // that shows it (a layout effect), not a frame later, when a fast typist's first letter would be selected and lost.
    selectNext.current = true;
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLInputElement>) {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!open) {
          setEditing(true);
          setOpen(true);
          break;
        }
        setActive((i) => (options.length ? (i + 1) % options.length : -1));
        break;
      case 'ArrowUp':
        e.preventDefault();
        setOpen(true);
        setActive((i) => (options.length ? (i <= 0 ? options.length - 1 : i - 1) : -1));
        break;
      case 'Enter': {
        const a = options[active];
        if (shown && a) {
          e.preventDefault();
          choose(a);
        }
        break;
      }
      case 'Escape':
        if (shown) {
          e.preventDefault();
          setOpen(false);
        } else if (editing) {
          e.preventDefault();
          setEditing(false);
          setText('');
        }
        break;
    }
  }

  const describedBy = error ? errorId : undefined;
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={inputId}>{label}</Label>
      <div className="relative">
        <Plane aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
        <input
          ref={inputRef}
          id={inputId}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          placeholder={placeholder}
          disabled={disabled}
          className={cn(inputClass, 'pl-9')}
          value={display}
          onFocus={(e) => {
            // Editing starts from what the field showed, selected, so typing replaces it.
            if (!editing) {
              setEditing(true);
              setText(display);
            }
            e.currentTarget.select();
          }}
          onChange={(e) => {
            // Typing over the chosen airport's text (selected, or a caret after it) starts from what is new.
            const v = !editing && display && e.target.value.startsWith(display) ? e.target.value.slice(display.length) : e.target.value;
            setEditing(true);
            setText(v);
            setOpen(true);
            if (value && v === '') onChange('');
          }}
          onBlur={() => {
            // A click on an option lands first (mousedown is prevented there).
            setOpen(false);
            setEditing(false);
            setText('');
          }}
          onKeyDown={onKeyDown}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={`${label} suggestions`}
          hidden={!shown}
          className="absolute left-0 right-0 top-full z-30 mt-1 max-h-80 overflow-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md"
        >
          {options.map((a, i) => (
            // Keys are the combobox input's (aria-activedescendant points here); the mouse chooses directly.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={a.iata}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={cn(
                'flex cursor-pointer items-baseline gap-2 rounded-sm px-2 py-1.5 text-sm',
                i === active && 'bg-accent text-accent-foreground',
              )}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(a)}
            >
              <span className="w-10 shrink-0 font-semibold tabular-nums">{a.iata}</span>
              <span className="min-w-0">
                <span className="block truncate">{shortName(a.name)}</span>
                <span className="block truncate text-xs text-muted-foreground">
                  {[a.city, a.country_name].filter(Boolean).join(', ')}
                </span>
              </span>
            </li>
          ))}
          {shown && !options.length && (
            <li role="presentation" className="px-2 py-1.5 text-sm text-muted-foreground">
              {search.isFetching || query !== text ? 'Searching…' : search.isError ? 'Airports could not be loaded.' : 'No airport matches.'}
            </li>
          )}
        </ul>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
