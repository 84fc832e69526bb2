import { THERAPY_PATHS } from '../paths';
import { CheckoutPage } from './checkout';

export default function TherapyCheckoutPage() {
  return <CheckoutPage paths={THERAPY_PATHS} />;
}
