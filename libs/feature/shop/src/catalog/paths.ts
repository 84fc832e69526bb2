/** The user portal's shop addresses (the spec's). */
export const SHOP_HOME_PATH = '/shop';
export const SHOP_LISTING_PATH = '/shop/Listing';
export const SHOP_PRODUCT_PATH = '/shop/ProductDetails';
export const SHOP_STORE_PATH = '/shop/Vendor';
export const SHOP_SELLERS_PATH = '/shop/multivendor';
export const SHOP_LUXURY_PATH = '/shop/Luxury';
/** The public "Sell on Sojourn" page of the user portal. */
export const SELL_PATH = '/vendor';
/** orders-web's cart page (linked from the product page after adding). */
export const SHOP_CART_PATH = '/shop/Cart';

/** The vendor portal's product console. */
export const VENDOR_PRODUCTS_PATH = '/vendor-app/offerings';
export const VENDOR_EDITOR_PATH = '/vendor-app/create-products';
export const VENDOR_PRODUCT_PATH = '/vendor-app/products/ProductDetails';
export const VENDOR_SUBMITTED_PATH = '/vendor-app/products/Successful';

/** The admin portal's catalogue pages. */
export const ADMIN_PRODUCTS_PATH = '/admin-dashboard/products';
export const ADMIN_ADD_PRODUCT_PATH = '/admin-dashboard/products/add-product';
export const ADMIN_CATEGORIES_PATH = '/admin-dashboard/products/categories';

const withId = (path: string, id: string) => `${path}?id=${encodeURIComponent(id)}`;
export const productHref = (id: string) => withId(SHOP_PRODUCT_PATH, id);
export const storeHref = (id: string) => withId(SHOP_STORE_PATH, id);
export const vendorProductHref = (id: string) => withId(VENDOR_PRODUCT_PATH, id);
export const vendorEditHref = (id: string) => withId(VENDOR_EDITOR_PATH, id);
export const vendorSubmittedHref = (id: string) => withId(VENDOR_SUBMITTED_PATH, id);
