import { THERAPY_PATHS } from '../paths';
import { ProviderDetailsPage } from './provider-details';

export default function TherapistDetailsPage() {
  return <ProviderDetailsPage paths={THERAPY_PATHS} />;
}
