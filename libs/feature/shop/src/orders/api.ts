import { idempotencyHeader as idem, typedClient, unwrap, type components } from '@sojourn/api-client';

/** Shapes of the shop's cart, checkout and orders API (api/contract/shop.yaml). Amounts are minor units. */
export type Money = components['schemas']['ShopMoney'];
export type Address = components['schemas']['Address'];
export type AddressInput = components['schemas']['AddressInput'];
export type AddressPatch = components['schemas']['AddressPatch'];
export type AddressSnapshot = components['schemas']['ShopAddressSnapshot'];
export type CheckoutQuote = components['schemas']['CheckoutQuote'];
export type QuotePackage = components['schemas']['QuotePackage'];
export type QuoteProblem = components['schemas']['QuoteProblem'];
export type ShippingOption = components['schemas']['ShippingOption'];
export type DeliveryEstimate = components['schemas']['DeliveryEstimate'];
export type CheckoutResult = components['schemas']['CheckoutResult'];
export type OrderGroup = components['schemas']['ShopOrderGroup'];
export type Order = components['schemas']['ShopOrder'];
export type OrderDetail = components['schemas']['ShopOrderDetail'];
export type OrderLine = components['schemas']['ShopOrderLine'];
export type OrderEvent = components['schemas']['ShopOrderEvent'];
export type OrderReturn = components['schemas']['ShopReturn'];
export type OrderStatus = components['schemas']['ShopOrderStatus'];
export type GroupStatus = components['schemas']['ShopGroupStatus'];
export type PaymentStatus = Order['payment_status'];
export type LineQuantity = components['schemas']['ShopLineQuantity'];
export type ShopClient = components['schemas']['ShopClient'];
export type ShopSales = components['schemas']['ShopSales'];
export type DayRevenue = components['schemas']['ShopDayRevenue'];
export type AdminGroupRow = components['schemas']['ShopAdminGroupRow'];
export type AdminGroup = components['schemas']['ShopAdminGroup'];
export type CommissionRule = components['schemas']['CommissionRule'];
export type CommissionRuleInput = components['schemas']['CommissionRuleInput'];
export type CommissionRulePatch = components['schemas']['CommissionRulePatch'];
export type PayWith = 'wallet' | 'card';
/** Store id -> shipping method code. */
export type ShippingChoice = Record<string, string>;

const api = () => typedClient(true);

/** The shopper's address book, checkout and orders. */
export const shopperApi = {
  addresses: () => unwrap(api().GET('/api/v1/shop/addresses')).then((r) => r.data),
  addAddress: (body: AddressInput) => unwrap(api().POST('/api/v1/shop/addresses', { body })).then((r) => r.data),
  saveAddress: (id: string, body: AddressPatch) => unwrap(api().PATCH('/api/v1/shop/addresses/{id}', { params: { path: { id } }, body })).then((r) => r.data),
  removeAddress: (id: string) => unwrap(api().DELETE('/api/v1/shop/addresses/{id}', { params: { path: { id } } })),
  quote: (address_id: string, shipping: ShippingChoice) => unwrap(api().POST('/api/v1/shop/checkout/quote', { body: { address_id, shipping } })).then((r) => r.data),
  /** Places the order; by card the answer's `payment.authorization_url` is where the browser pays. */
  checkout: (body: { address_id: string; shipping: ShippingChoice; pay_with: PayWith; expected_total: number }, key: string) =>
    unwrap(api().POST('/api/v1/shop/checkout', { params: idem(key), body })).then((r) => r.data),
  orders: (status: OrderStatus | undefined, cursor: string | undefined, limit: number) =>
    unwrap(api().GET('/api/v1/shop/orders', { params: { query: { ...(status ? { status } : {}), cursor, limit } } })),
  group: (id: string) => unwrap(api().GET('/api/v1/shop/order-groups/{id}', { params: { path: { id } } })).then((r) => r.data),
  order: (id: string) => unwrap(api().GET('/api/v1/shop/orders/{id}', { params: { path: { id } } })).then((r) => r.data),
  cancel: (id: string, reason: string, key: string) =>
    unwrap(api().POST('/api/v1/shop/orders/{id}/cancel', { params: { path: { id }, ...idem(key) }, body: reason ? { reason } : {} })).then((r) => r.data),
  confirmDelivery: (id: string) => unwrap(api().POST('/api/v1/shop/orders/{id}/confirm-delivery', { params: { path: { id } } })).then((r) => r.data),
  requestReturn: (id: string, lines: LineQuantity[], reason: string) =>
    unwrap(api().POST('/api/v1/shop/orders/{id}/returns', { params: { path: { id } }, body: { lines, reason } })).then((r) => r.data),
  wallet: (currency: components['schemas']['Currency']) => unwrap(api().GET('/api/v1/wallet', { params: { query: { currency } } })).then((r) => r.data),
};

/** The vendor's orders, clients and figures. */
export const vendorOrdersApi = {
  orders: (status: OrderStatus | undefined, cursor: string | undefined, limit: number) =>
    unwrap(api().GET('/api/v1/vendor/orders', { params: { query: { ...(status ? { status } : {}), cursor, limit } } })),
  order: (id: string) => unwrap(api().GET('/api/v1/vendor/orders/{id}', { params: { path: { id } } })).then((r) => r.data),
  process: (id: string) => unwrap(api().POST('/api/v1/vendor/orders/{id}/process', { params: { path: { id } } })).then((r) => r.data),
  ship: (id: string, carrier: string, tracking_number: string) =>
    unwrap(api().POST('/api/v1/vendor/orders/{id}/ship', { params: { path: { id } }, body: { carrier, tracking_number } })).then((r) => r.data),
  deliver: (id: string) => unwrap(api().POST('/api/v1/vendor/orders/{id}/deliver', { params: { path: { id } } })).then((r) => r.data),
  cancel: (id: string, reason: string, key: string) =>
    unwrap(api().POST('/api/v1/vendor/orders/{id}/cancel', { params: { path: { id }, ...idem(key) }, body: { reason } })).then((r) => r.data),
  refund: (id: string, lines: LineQuantity[], reason: string, key: string) =>
    unwrap(api().POST('/api/v1/vendor/orders/{id}/refund', { params: { path: { id }, ...idem(key) }, body: { lines, reason } })).then((r) => r.data),
  receiveReturn: (id: string, return_id: string, key: string) =>
    unwrap(api().POST('/api/v1/vendor/orders/{id}/returns/{return_id}/receive', { params: { path: { id, return_id }, ...idem(key) } })).then((r) => r.data),
  clients: (cursor: string | undefined, limit: number) => unwrap(api().GET('/api/v1/vendor/clients', { params: { query: { cursor, limit } } })),
  sales: () => unwrap(api().GET('/api/v1/vendor/sales')).then((r) => r.data),
};

/** Admin: every order group, refunds, and the commission rules. */
export const adminOrdersApi = {
  groups: (f: { q?: string | undefined; status?: GroupStatus | undefined }, page: number, per_page: number) =>
    unwrap(
      api().GET('/api/v1/admin/shop/orders', {
        params: { query: { ...(f.q ? { q: f.q } : {}), ...(f.status ? { status: f.status } : {}), page, per_page } },
      }),
    ),
  group: (id: string) => unwrap(api().GET('/api/v1/admin/shop/orders/{id}', { params: { path: { id } } })).then((r) => r.data),
  refund: (id: string, body: { order_id: string; lines?: LineQuantity[]; reason: string }, key: string) =>
    unwrap(api().POST('/api/v1/admin/shop/orders/{id}/refund', { params: { path: { id }, ...idem(key) }, body })).then((r) => r.data),
  rules: () => unwrap(api().GET('/api/v1/admin/shop/commission-rules')).then((r) => r.data),
  addRule: (body: CommissionRuleInput) => unwrap(api().POST('/api/v1/admin/shop/commission-rules', { body })).then((r) => r.data),
  saveRule: (id: string, body: CommissionRulePatch) =>
    unwrap(api().PATCH('/api/v1/admin/shop/commission-rules/{id}', { params: { path: { id } }, body })).then((r) => r.data),
  removeRule: (id: string) => unwrap(api().DELETE('/api/v1/admin/shop/commission-rules/{id}', { params: { path: { id } } })),
};

export type LowStockItem = components['schemas']['CatalogLowStockItem'];
export type Category = components['schemas']['CatalogCategory'];
export type VendorStore = components['schemas']['CatalogVendorStore'];

/** What the order screens read from the catalogue (api/contract/catalog.yaml). */
export const catalogReads = {
  lowStock: (threshold = 5) => unwrap(api().GET('/api/v1/vendor/products/low-stock', { params: { query: { threshold } } })).then((r) => r.data),
  categories: () => unwrap(api().GET('/api/v1/shop/categories')).then((r) => r.data),
  stores: (q: string, page: number, per_page: number) =>
    unwrap(api().GET('/api/v1/admin/shop/stores', { params: { query: { ...(q ? { q } : {}), page, per_page } } })),
};

/** react-query keys of the cart, checkout and order screens. */
export const orderKeys = {
  all: ['shop-orders'] as const,
  addresses: ['shop-orders', 'addresses'] as const,
  quote: (addressId: string, shipping: ShippingChoice) => ['shop-orders', 'quote', addressId, shipping] as const,
  wallet: (currency: string) => ['shop-orders', 'wallet', currency] as const,
  mine: (status: string) => ['shop-orders', 'mine', status] as const,
  mineAll: ['shop-orders', 'mine'] as const,
  order: (id: string) => ['shop-orders', 'order', id] as const,
  group: (id: string) => ['shop-orders', 'group', id] as const,
  vendor: ['shop-orders', 'vendor'] as const,
  vendorList: (status: string) => ['shop-orders', 'vendor', 'list', status] as const,
  vendorOrder: (id: string) => ['shop-orders', 'vendor', 'order', id] as const,
  clients: ['shop-orders', 'vendor', 'clients'] as const,
  sales: ['shop-orders', 'vendor', 'sales'] as const,
  admin: ['shop-orders', 'admin'] as const,
  adminGroups: (q: string, status: string, page: number) => ['shop-orders', 'admin', 'groups', q, status, page] as const,
  adminGroup: (id: string) => ['shop-orders', 'admin', 'group', id] as const,
  rules: ['shop-orders', 'admin', 'rules'] as const,
  lowStock: ['shop-orders', 'vendor', 'low-stock'] as const,
  categories: ['shop-orders', 'categories'] as const,
  stores: (q: string) => ['shop-orders', 'admin', 'stores', q] as const,
};
