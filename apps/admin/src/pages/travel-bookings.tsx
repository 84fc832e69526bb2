import { PageHeader, Tabs, TabsContent, TabsList, TabsTrigger } from '@sojourn/ui';
import { useSearchParams } from 'react-router';
import { FLIGHT_STATUS, STAY_STATUS, type FlightStatus, type StayStatus } from '../api/travel';
import { FlightOrdersTable, StayBookingsTable } from '../components/travel-tables';

/**
 * Travel bookings: every supplier booking (flight orders and hotel stays) with the price the traveller paid, what the
 * supplier is owed and Sojourn's margin, which only admins see. The tab and the status filter live in the address.
 */
export default function TravelBookingsPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'hotels' ? 'hotels' : 'flights';
  const raw = params.get('status') ?? '';
  const flightStatus = raw in FLIGHT_STATUS ? (raw as FlightStatus) : '';
  const stayStatus = raw in STAY_STATUS ? (raw as StayStatus) : '';
  const go = (next: { tab?: string; status?: string }) => {
    const t = next.tab ?? tab;
    const s = next.status ?? '';
    setParams(Object.fromEntries(Object.entries({ tab: t === 'flights' ? '' : t, status: s }).filter(([, v]) => v)), { replace: true });
  };
  return (
    <div className="mx-auto grid w-full max-w-7xl gap-6">
      <PageHeader
        title="Travel bookings"
        description="Every flight and hotel booked through the travel supplier: what the traveller paid, what the supplier is owed and Sojourn's margin. Travellers never see the cost or the margin."
      />
      <Tabs value={tab} onValueChange={(t) => go({ tab: t })}>
        <TabsList aria-label="Kind of booking">
          <TabsTrigger value="flights">Flights</TabsTrigger>
          <TabsTrigger value="hotels">Hotels</TabsTrigger>
        </TabsList>
        <TabsContent value="flights">
          <FlightOrdersTable status={flightStatus} onStatus={(s) => go({ status: s })} />
        </TabsContent>
        <TabsContent value="hotels">
          <StayBookingsTable status={stayStatus} onStatus={(s) => go({ status: s })} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
