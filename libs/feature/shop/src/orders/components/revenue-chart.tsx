import { cn } from '@sojourn/util';
import type { DayRevenue } from '../api';
import { money } from '../format';

const dayLabel = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });
const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'short' });
const asDate = (d: string) => new Date(`${d}T12:00:00`);

/** Bar heights in percent of the best day (a day with revenue is at least 2 % so it shows). */
export function barHeights(days: DayRevenue[]): number[] {
  const max = Math.max(0, ...days.map((d) => d.revenue.amount));
  return days.map((d) => (max === 0 || d.revenue.amount === 0 ? 0 : Math.max(2, Math.round((d.revenue.amount / max) * 100))));
}

/**
 * Revenue per day as bars (plain CSS, as the rest of the portals draw their figures), with the same figures in a table
 * for screen readers.
 */
export function RevenueChart({ days, caption }: { days: DayRevenue[]; caption: string }) {
  const heights = barHeights(days);
  const short = days.length <= 7;
  return (
    <figure className="grid gap-2">
      <div aria-hidden className="flex h-40 items-end gap-[2px] border-b sm:gap-1">
        {days.map((d, i) => (
          <div key={d.date} className="group relative flex h-full flex-1 items-end" title={`${dayLabel.format(asDate(d.date))}: ${money(d.revenue)}, ${d.orders} orders`}>
            <div className={cn('w-full rounded-t-sm bg-primary/80 transition-colors group-hover:bg-primary', heights[i] === 0 && 'bg-transparent')} style={{ height: `${heights[i]}%` }} />
          </div>
        ))}
      </div>
      <div aria-hidden className="flex justify-between text-[11px] text-muted-foreground">
        {short
          ? days.map((d) => (
              <span key={d.date} className="flex-1 text-center">
                {weekday.format(asDate(d.date))}
              </span>
            ))
          : days.length > 0 && (
              <>
                <span>{dayLabel.format(asDate(days[0]!.date))}</span>
                <span>{dayLabel.format(asDate(days[days.length - 1]!.date))}</span>
              </>
            )}
      </div>
      <figcaption className="sr-only">{caption}</figcaption>
      <table className="sr-only">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Orders</th>
            <th scope="col">Revenue</th>
          </tr>
        </thead>
        <tbody>
          {days.map((d) => (
            <tr key={d.date}>
              <th scope="row">{dayLabel.format(asDate(d.date))}</th>
              <td>{d.orders}</td>
              <td>{money(d.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
