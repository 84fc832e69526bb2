import type { PortalMeta } from '@sojourn/util';
import { MoneyScreen } from '../components/money-screen';

/** `<portal>/earnings`: earnings history first. */
export default function EarningsPage({ portal }: { portal: PortalMeta }) {
  return <MoneyScreen portal={portal} />;
}
