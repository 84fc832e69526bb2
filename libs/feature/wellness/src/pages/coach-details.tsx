import { COACH_PATHS } from '../paths';
import { ProviderDetailsPage } from './provider-details';

export default function CoachDetailsPage() {
  return <ProviderDetailsPage paths={COACH_PATHS} />;
}
