import { CarModeration } from '@sojourn/feature-dealers';
import { PractitionerList } from '../components/practitioner-list';

/** Car dealers: their licence documents to verify and suspension (the providers' pattern), then the listings to moderate. */
export default function CarDealersPage() {
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8">
      <PractitionerList kind="car_dealer" description="Dealerships trade once their dealer's licence is verified against its documents. Open a dealer to decide, suspend or reinstate; hide a car that breaks the rules below." />
      <CarModeration />
    </div>
  );
}
