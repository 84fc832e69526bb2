import { MoneyScreen } from '../components/money-screen';

/** The portal's wallet address (`/vendor-wallet`, `/therapy-app/therapist-wallet`...): balance and payouts first. */
export default function WalletPage() {
  return <MoneyScreen focus="wallet" />;
}
