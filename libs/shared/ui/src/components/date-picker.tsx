import { cn } from '@sojourn/util';
import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import * as React from 'react';
import { Button } from './button';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];

export function toIsoDate(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
export function parseIsoDate(s: string | null | undefined): Date | null {
  if (!s || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return null;
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getMonth() === m - 1 ? date : null;
}

const fmt = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

export interface CalendarProps {
  value: Date | null;
  onSelect: (d: Date) => void;
  min?: Date | undefined;
  max?: Date | undefined;
}

/** A month grid with month and year pickers and arrow-key navigation between days. */
export function Calendar({ value, onSelect, min, max }: CalendarProps) {
  const today = new Date();
  const [focus, setFocus] = React.useState<Date>(value ?? (max && max < today ? max : today));
  const gridRef = React.useRef<HTMLDivElement>(null);
  const year = focus.getFullYear();
  const month = focus.getMonth();
  const first = new Date(year, month, 1);
  const offset = (first.getDay() + 6) % 7;
  const daysInMonth = new Date(year, month + 1, 0).getDate();
  const minYear = min?.getFullYear() ?? today.getFullYear() - 100;
  const maxYear = max?.getFullYear() ?? today.getFullYear() + 10;
  const disabled = (d: Date) => Boolean((min && d < min) || (max && d > max));

  const move = (d: Date) => {
    setFocus(d);
    requestAnimationFrame(() => gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${toIsoDate(d)}"]`)?.focus());
  };
  const onKey = (e: React.KeyboardEvent) => {
    const delta = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[e.key];
    if (delta === undefined) return;
    e.preventDefault();
    move(new Date(year, month, focus.getDate() + delta));
  };
  const setMonth = (m: number, y = year) => setFocus(new Date(y, m, Math.min(focus.getDate(), new Date(y, m + 1, 0).getDate())));

  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-1">
        <Button variant="ghost" size="icon" className="size-8" aria-label="Previous month" onClick={() => setMonth(month - 1)}>
          <ChevronLeft aria-hidden />
        </Button>
        <select aria-label="Month" className="h-8 flex-1 rounded-md border border-input bg-card px-1 text-sm" value={month} onChange={(e) => setMonth(Number(e.target.value))}>
          {MONTHS.map((m, i) => (
            <option key={m} value={i}>
              {m}
            </option>
          ))}
        </select>
        <select aria-label="Year" className="h-8 rounded-md border border-input bg-card px-1 text-sm" value={year} onChange={(e) => setMonth(month, Number(e.target.value))}>
          {Array.from({ length: maxYear - minYear + 1 }, (_, i) => maxYear - i).map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
        <Button variant="ghost" size="icon" className="size-8" aria-label="Next month" onClick={() => setMonth(month + 1)}>
          <ChevronRight aria-hidden />
        </Button>
      </div>
      <div ref={gridRef} role="grid" tabIndex={-1} aria-label={`${MONTHS[month]} ${year}`} className="grid grid-cols-7 gap-1 text-center" onKeyDown={onKey}>
        {WEEKDAYS.map((w) => (
          <span key={w} role="columnheader" className="text-xs font-medium text-muted-foreground">
            {w}
          </span>
        ))}
        {Array.from({ length: offset }, (_, i) => (
          <span key={`pad-${i}`} aria-hidden />
        ))}
        {Array.from({ length: daysInMonth }, (_, i) => {
          const d = new Date(year, month, i + 1);
          const iso = toIsoDate(d);
          const selected = value !== null && toIsoDate(value) === iso;
          const isFocus = focus.getDate() === i + 1;
          return (
            <button
              key={iso}
              type="button"
              role="gridcell"
              data-day={iso}
              tabIndex={isFocus ? 0 : -1}
              aria-selected={selected}
              aria-label={fmt.format(d)}
              disabled={disabled(d)}
              onClick={() => onSelect(d)}
              className={cn(
                'size-9 rounded-md text-sm hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-30',
                selected && 'bg-primary text-primary-foreground hover:bg-primary',
                toIsoDate(today) === iso && !selected && 'font-bold text-primary',
              )}
            >
              {i + 1}
            </button>
          );
        })}
      </div>
    </div>
  );
}

export interface DatePickerProps {
  /** ISO date "YYYY-MM-DD" or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  id?: string;
  min?: Date;
  max?: Date;
  placeholder?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

export function DatePicker({ value, onChange, id, min, max, placeholder = 'Pick a date', ...aria }: DatePickerProps) {
  const [open, setOpen] = React.useState(false);
  const date = parseIsoDate(value);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button id={id} variant="outline" className={cn('w-full justify-start font-normal', !date && 'text-muted-foreground')} {...aria}>
          <CalendarDays aria-hidden />
          {date ? fmt.format(date) : placeholder}
        </Button>
      </PopoverTrigger>
      <PopoverContent className="w-[19rem]">
        <Calendar
          value={date}
          min={min}
          max={max}
          onSelect={(d) => {
            onChange(toIsoDate(d));
            setOpen(false);
          }}
        />
        {date && (
          <Button
            variant="ghost"
            size="sm"
            className="mt-2 w-full"
            onClick={() => {
              onChange(null);
              setOpen(false);
            }}
          >
            Clear date
          </Button>
        )}
      </PopoverContent>
    </Popover>
  );
}
