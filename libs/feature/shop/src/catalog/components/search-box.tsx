import { inputClass } from '@sojourn/ui';
import { cn } from '@sojourn/util';
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import * as React from 'react';
import { useNavigate } from 'react-router';

/** One suggestion under the search box: a product, a category or a search to run. */
export interface SuggestionItem {
  key: string;
  label: string;
  hint?: string | undefined;
  href: string;
}

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = React.useState(value);
  React.useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export interface ShopSearchBoxProps {
  id: string;
  /** The words already searched (the listing's q). */
  initial?: string | undefined;
  suggest: (q: string) => Promise<SuggestionItem[]>;
  /** Where Enter goes with the typed words (the listing with q, keeping the other filters). */
  searchHref: (q: string) => string;
  label?: string;
  className?: string;
  size?: 'default' | 'lg';
}

/**
 * The shop's search box with search-as-you-type suggestions (a WAI-ARIA combobox): Up/Down move through them, Enter
 * opens the one chosen or searches for the words typed, Escape closes the list.
 */
export function ShopSearchBox({ id, initial = '', suggest, searchHref, label = 'Search the shop', className, size = 'default' }: ShopSearchBoxProps) {
  const navigate = useNavigate();
  const listId = `${id}-list`;
  const [text, setText] = React.useState(initial);
  const [open, setOpen] = React.useState(false);
  const [active, setActive] = React.useState(-1);
  React.useEffect(() => setText(initial), [initial]);
  const q = useDebounced(text.trim(), 150);
  const s = useQuery({ queryKey: ['shop', 'suggest', q], queryFn: () => suggest(q), enabled: open && q.length >= 2, staleTime: 60_000 });
  const options = open && q.length >= 2 ? (s.data ?? []) : [];
  const shown = open && text.trim().length >= 2 && (options.length > 0 || s.isFetched);
  React.useEffect(() => setActive(-1), [s.data]);

  const go = (href: string) => {
    setOpen(false);
    void navigate(href);
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((i) => (options.length ? (i + 1) % options.length : -1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => (options.length ? (i <= 0 ? options.length - 1 : i - 1) : -1));
    } else if (e.key === 'Escape' && shown) {
      e.preventDefault();
      setOpen(false);
    } else if (e.key === 'Enter') {
      const o = shown ? options[active] : undefined;
      if (o) {
        e.preventDefault();
        go(o.href);
      }
    }
  };
  return (
    <form
      role="search"
      className={cn('relative', className)}
      onSubmit={(e) => {
        e.preventDefault();
        go(searchHref(text.trim()));
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
      <input
        id={id}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        enterKeyHint="search"
        maxLength={120}
        placeholder="Search products, brands and shops"
        className={cn(inputClass, 'pl-9', size === 'lg' && 'h-12 text-base')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label="Suggestions" hidden={!shown} className="absolute left-0 right-0 top-full z-30 mt-1 max-h-80 overflow-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md">
        {options.map((o, i) => (
          // Keys are the combobox input's (aria-activedescendant points here); the mouse chooses directly.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={o.key}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={cn('flex cursor-pointer items-baseline justify-between gap-3 rounded-sm px-2 py-1.5 text-sm', i === active && 'bg-accent text-accent-foreground')}
            onMouseDown={(e) => e.preventDefault()}
            onMouseEnter={() => setActive(i)}
            onClick={() => go(o.href)}
          >
            <span className="min-w-0 truncate">
              {o.label}
              {o.hint && <span className="sr-only">, {o.hint.toLowerCase()}</span>}
            </span>
            {o.hint && (
              <span aria-hidden className="shrink-0 text-xs text-muted-foreground">
                {o.hint}
              </span>
            )}
          </li>
        ))}
        {shown && options.length === 0 && (
          <li role="presentation" className="px-2 py-1.5 text-sm text-muted-foreground">
            {s.isError ? 'Suggestions could not be loaded; press Enter to search.' : 'No suggestions; press Enter to search.'}
          </li>
        )}
      </ul>
    </form>
  );
}
