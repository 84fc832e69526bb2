import { MoneyScreen } from '../components/money-screen';

/** `<portal>/earnings`: earnings history first. */
export default function EarningsPage() {
  return <MoneyScreen focus="earnings" />;
}
