import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { orderKeys, shopperApi, type Address } from './api';
import { useCart } from './cart';
import { pickAddress, shippingFor, useCheckoutStore } from './checkout-store';

/**
 * What the checkout steps share: the cart, the address book with the address in use, and the quote for that address
 * and the chosen shipping methods (re-quoted as choices change; the previous quote stays on screen meanwhile).
 */
export function useCheckout() {
  const cart = useCart();
  const chosenAddress = useCheckoutStore((s) => s.addressId);
  const chosenShipping = useCheckoutStore((s) => s.shipping);
  const addresses = useQuery({ queryKey: orderKeys.addresses, queryFn: shopperApi.addresses });
  const address: Address | null = addresses.data ? pickAddress(addresses.data, chosenAddress) : null;
  const storeIds = [...new Set((cart.cart?.items ?? []).map((i) => i.store.id))].sort();
  const shipping = shippingFor(storeIds, chosenShipping);
  const quote = useQuery({
    queryKey: orderKeys.quote(address?.id ?? '', shipping),
    queryFn: () => shopperApi.quote(address!.id, shipping),
    enabled: Boolean(address) && (cart.cart?.items.length ?? 0) > 0,
    placeholderData: keepPreviousData,
  });
  return { cart, addresses, address, shipping, quote };
}
