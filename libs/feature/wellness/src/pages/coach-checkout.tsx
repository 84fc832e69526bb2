import { COACH_PATHS } from '../paths';
import { CheckoutPage } from './checkout';

export default function CoachCheckoutPage() {
  return <CheckoutPage paths={COACH_PATHS} />;
}
