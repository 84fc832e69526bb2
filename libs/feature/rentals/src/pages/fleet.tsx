import { SearchPage } from './search';

export default function FleetPage() {
  return <SearchPage mode="fleet" />;
}
