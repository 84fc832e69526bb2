import { Button, PageHeader } from '@sojourn/ui';
import { Link, useNavigate } from 'react-router';
import { FlightSearchForm } from '../components/search-form';
import { searchToParams } from '../format';
import { FLIGHT_PATHS } from '../paths';

/** `/booking/flight`: the flight search. */
export default function FlightSearchPage() {
  const navigate = useNavigate();
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <PageHeader
        title="Book a flight"
        description="Fares from the airlines, priced in naira with every fee shown before you pay. Pay from your Sojourn wallet or by card."
        actions={
          <Button asChild variant="ghost" size="sm">
            <Link to={FLIGHT_PATHS.mine}>My flights</Link>
          </Button>
        }
      />
      <FlightSearchForm onSearch={(s) => navigate(`${FLIGHT_PATHS.results}?${searchToParams(s).toString()}`)} />
    </div>
  );
}
