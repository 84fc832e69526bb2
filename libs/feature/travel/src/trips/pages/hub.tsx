import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Form, FormControl, FormField, FormItem, FormLabel, FormMessage, Input, PageHeader, Tabs, TabsContent, TabsList, TabsTrigger } from '@sojourn/ui';
import { BedDouble, CarFront, Map as MapIcon, Plane, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { UpcomingTripsCard } from '../components/upcoming-trips-card';
import { carsHref, flightsHref, staysHref, toursHref } from '../paths';
import { addDays } from '../time';

const today = () => new Date().toISOString().slice(0, 10);
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a date');
const city = z.string().trim().min(2, 'Type a city').max(100, 'At most 100 characters');
const notPast = (d: string) => d >= today();

const staySchema = z
  .object({ city, checkIn: date, checkOut: date, adults: z.coerce.number().int().min(1).max(9), rooms: z.coerce.number().int().min(1).max(5) })
  .refine((v) => notPast(v.checkIn), { message: 'Choose today or later', path: ['checkIn'] })
  .refine((v) => v.checkOut > v.checkIn, { message: 'Check-out comes after check-in', path: ['checkOut'] });
const iata = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, 'A three-letter airport code, e.g. LOS')
  .transform((s) => s.toUpperCase());
const flightSchema = z
  .object({
    from: iata,
    to: iata,
    depart: date,
    ret: z.string().optional(),
    adults: z.coerce.number().int().min(1).max(9),
    children: z.coerce.number().int().min(0).max(8),
    infants: z.coerce.number().int().min(0).max(4),
    cabin: z.enum(['economy', 'premium_economy', 'business', 'first']),
  })
  .refine((v) => v.from !== v.to, { message: 'Choose two different airports', path: ['to'] })
  .refine((v) => notPast(v.depart), { message: 'Choose today or later', path: ['depart'] })
  .refine((v) => !v.ret || v.ret >= v.depart, { message: 'The return is on or after the departure', path: ['ret'] })
  .refine((v) => v.infants <= v.adults, { message: 'At most one infant per adult', path: ['infants'] });
const carSchema = z
  .object({ city, from: date, ft: z.string().regex(/^\d{2}:\d{2}$/), to: date, tt: z.string().regex(/^\d{2}:\d{2}$/) })
  .refine((v) => notPast(v.from), { message: 'Choose today or later', path: ['from'] })
  .refine((v) => v.to > v.from || (v.to === v.from && v.tt > v.ft), { message: 'The drop-off comes after the pick-up', path: ['to'] });
const tourSchema = z.object({ city, date: z.string().optional() });

function Field<T extends FieldValues>({ form, name, label, type = 'text', children, ...rest }: { form: UseFormReturn<T>; name: Path<T>; label: string; type?: string; children?: ReactNode } & Record<string, unknown>) {
  return (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>{children ?? <Input type={type} {...rest} {...field} value={(field.value as string | number | undefined) ?? ''} />}</FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

function Submit({ children }: { children: ReactNode }) {
  return (
    <Button type="submit" className="w-full sm:w-fit sm:self-end">
      <Search aria-hidden /> {children}
    </Button>
  );
}

function StaysForm() {
  const navigate = useNavigate();
  const form = useForm({ resolver: zodResolver(staySchema), defaultValues: { city: '', checkIn: addDays(today(), 14), checkOut: addDays(today(), 17), adults: 2, rooms: 1 } });
  return (
    <Form {...form}>
      <form noValidate className="grid gap-3 sm:grid-cols-3 lg:grid-cols-6" onSubmit={(e) => void form.handleSubmit((v) => navigate(staysHref({ city: v.city, checkIn: v.checkIn, checkOut: v.checkOut, adults: v.adults, rooms: v.rooms })))(e)}>
        <div className="sm:col-span-3 lg:col-span-2">
          <Field form={form} name="city" label="City" placeholder="e.g. Accra" />
        </div>
        <Field form={form} name="checkIn" label="Check-in" type="date" min={today()} />
        <Field form={form} name="checkOut" label="Check-out" type="date" min={today()} />
        <Field form={form} name="adults" label="Guests" type="number" min={1} max={9} />
        <Field form={form} name="rooms" label="Rooms" type="number" min={1} max={5} />
        <Submit>Search stays</Submit>
      </form>
    </Form>
  );
}

function FlightsForm() {
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(flightSchema),
    defaultValues: { from: '', to: '', depart: addDays(today(), 14), ret: addDays(today(), 21), adults: 1, children: 0, infants: 0, cabin: 'economy' as const },
  });
  return (
    <Form {...form}>
      <form
        noValidate
        className="grid gap-3 sm:grid-cols-4"
        onSubmit={(e) => void form.handleSubmit((v) => navigate(flightsHref({ ...v, ret: v.ret || undefined })))(e)}
      >
        <Field form={form} name="from" label="From (airport code)" placeholder="LOS" maxLength={3} autoCapitalize="characters" />
        <Field form={form} name="to" label="To (airport code)" placeholder="ACC" maxLength={3} autoCapitalize="characters" />
        <Field form={form} name="depart" label="Depart" type="date" min={today()} />
        <Field form={form} name="ret" label="Return (optional)" type="date" min={today()} />
        <Field form={form} name="adults" label="Adults" type="number" min={1} max={9} />
        <Field form={form} name="children" label="Children (2-11)" type="number" min={0} max={8} />
        <Field form={form} name="infants" label="Infants (under 2)" type="number" min={0} max={4} />
        <FormField
          control={form.control}
          name="cabin"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Cabin</FormLabel>
              <FormControl>
                <select className="h-10 rounded-md border bg-background px-3 text-sm" {...field}>
                  <option value="economy">Economy</option>
                  <option value="premium_economy">Premium economy</option>
                  <option value="business">Business</option>
                  <option value="first">First</option>
                </select>
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Submit>Search flights</Submit>
      </form>
    </Form>
  );
}

function CarsForm() {
  const navigate = useNavigate();
  const form = useForm({ resolver: zodResolver(carSchema), defaultValues: { city: '', from: addDays(today(), 14), ft: '10:00', to: addDays(today(), 17), tt: '10:00' } });
  return (
    <Form {...form}>
      <form noValidate className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5" onSubmit={(e) => void form.handleSubmit((v) => navigate(carsHref(v)))(e)}>
        <div className="sm:col-span-3 lg:col-span-1">
          <Field form={form} name="city" label="Pick-up city" placeholder="e.g. Lagos" />
        </div>
        <Field form={form} name="from" label="Pick-up date" type="date" min={today()} />
        <Field form={form} name="ft" label="Pick-up time" type="time" />
        <Field form={form} name="to" label="Drop-off date" type="date" min={today()} />
        <Field form={form} name="tt" label="Drop-off time" type="time" />
        <Submit>Search cars</Submit>
      </form>
    </Form>
  );
}

function ToursForm() {
  const navigate = useNavigate();
  const form = useForm({ resolver: zodResolver(tourSchema), defaultValues: { city: '', date: '' } });
  return (
    <Form {...form}>
      <form noValidate className="grid gap-3 sm:grid-cols-3" onSubmit={(e) => void form.handleSubmit((v) => navigate(toursHref({ city: v.city, date: v.date || undefined })))(e)}>
        <Field form={form} name="city" label="City" placeholder="e.g. Nairobi" />
        <Field form={form} name="date" label="Date (optional)" type="date" min={today()} />
        <Submit>Search tours</Submit>
      </form>
    </Form>
  );
}

const TABS = [
  ['stays', 'Stays', BedDouble, StaysForm],
  ['flights', 'Flights', Plane, FlightsForm],
  ['cars', 'Cars', CarFront, CarsForm],
  ['tours', 'Tours', MapIcon, ToursForm],
] as const;

/** /booking: the travel hub, with a search per kind of travel and the user's upcoming trips. */
export default function TravelHubPage() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.some(([v]) => v === params.get('tab')) ? params.get('tab')! : 'stays';
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <PageHeader title="Plan your travel" description="Stays, flights, cars and tours. Everything you book for one journey lands in one trip." />
      <Tabs value={tab} onValueChange={(v) => setParams((p) => (p.set('tab', v), p), { replace: true })} className="grid gap-4 rounded-xl border bg-card p-4">
        {/* Four equal tabs on a phone (icon over label), so none is cut off; a row of pills from sm up. */}
        <TabsList className="grid h-auto w-full grid-cols-4 sm:inline-flex sm:h-10 sm:w-fit">
          {TABS.map(([v, label, Icon]) => (
            <TabsTrigger key={v} value={v} className="flex-col gap-0.5 px-1 text-xs sm:flex-row sm:gap-1.5 sm:px-3 sm:text-sm">
              <Icon className="size-4" aria-hidden /> {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(([v, , , Body]) => (
          <TabsContent key={v} value={v}>
            <Body />
          </TabsContent>
        ))}
      </Tabs>
      <UpcomingTripsCard limit={5} />
    </div>
  );
}
