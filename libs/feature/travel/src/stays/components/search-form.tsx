import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Form, FormControl, FormField, FormItem, FormLabel, FormMessage, Input, Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@sojourn/ui';
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { stayKeys, stayPublicApi } from '../api';
import { isoDay, nightsBetween, type StayQuery } from '../paths';

const schema = z
  .object({
    city: z.string().min(1, 'Choose a city.'),
    check_in: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Pick a check-in date.'),
    check_out: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Pick a check-out date.'),
    rooms: z.coerce.number().int().min(1).max(4),
    adults: z.coerce.number().int().min(1).max(8),
  })
  .superRefine((v, ctx) => {
    const n = nightsBetween(v.check_in, v.check_out);
    if (v.check_in < isoDay(new Date())) ctx.addIssue({ code: 'custom', path: ['check_in'], message: 'Check-in cannot be in the past.' });
    if (n < 1) ctx.addIssue({ code: 'custom', path: ['check_out'], message: 'Check-out must be after check-in.' });
    else if (n > 30) ctx.addIssue({ code: 'custom', path: ['check_out'], message: 'A stay is at most 30 nights.' });
    if (v.adults < v.rooms) ctx.addIssue({ code: 'custom', path: ['adults'], message: 'At least one guest per room.' });
    if (v.adults > v.rooms * 4) ctx.addIssue({ code: 'custom', path: ['adults'], message: 'At most four guests per room.' });
  });
type Values = z.infer<typeof schema>;

/** Where, when and who: the hotel search form (the results page's header, and the hub's stays tab). */
export function StaySearchForm({ query, onSearch }: { query: StayQuery; onSearch: (q: StayQuery) => void }) {
  const cities = useQuery({ queryKey: stayKeys.cities, queryFn: stayPublicApi.cities, staleTime: Infinity });
  const form = useForm<z.input<typeof schema>, unknown, Values>({
    resolver: zodResolver(schema),
    defaultValues: { city: query.city ?? '', check_in: query.check_in, check_out: query.check_out, rooms: query.rooms, adults: query.adults },
  });
  useEffect(() => {
    form.reset({ city: query.city ?? '', check_in: query.check_in, check_out: query.check_out, rooms: query.rooms, adults: query.adults });
  }, [query.city, query.check_in, query.check_out, query.rooms, query.adults]); // eslint-disable-line react-hooks/exhaustive-deps
  const submit = form.handleSubmit((v) => onSearch({ ...v, trip: query.trip }));
  return (
    <Form {...form}>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Search hotels" className="grid gap-3 rounded-xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_0.6fr_0.6fr_auto] lg:items-start">
        <FormField
          control={form.control}
          name="city"
          render={({ field }) => (
            <FormItem>
              <FormLabel>City</FormLabel>
              <Select value={field.value} onValueChange={field.onChange}>
                <FormControl>
                  <SelectTrigger aria-label="City">
                    <SelectValue placeholder={cities.isPending ? 'Loading cities…' : 'Choose a city'} />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {(cities.data ?? []).map((c) => (
                    <SelectItem key={c.name} value={c.name}>
                      {c.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="check_in"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Check-in</FormLabel>
              <FormControl>
                <Input type="date" min={isoDay(new Date())} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="check_out"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Check-out</FormLabel>
              <FormControl>
                <Input type="date" min={form.watch('check_in')} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="rooms"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Rooms</FormLabel>
              <FormControl>
                <Input type="number" min={1} max={4} inputMode="numeric" {...field} value={String(field.value ?? '')} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="adults"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Guests</FormLabel>
              <FormControl>
                <Input type="number" min={1} max={8} inputMode="numeric" {...field} value={String(field.value ?? '')} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" className="sm:col-span-2 lg:col-span-1 lg:mt-[1.375rem]">
          <Search className="size-4" aria-hidden /> Search
        </Button>
      </form>
    </Form>
  );
}
