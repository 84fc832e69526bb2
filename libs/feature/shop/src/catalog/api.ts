import { apiUrl, authedFetch, errorFromBody, typedClient, unwrap, type components } from '@sojourn/api-client';
import { apiQuery, type ProductFilters } from './filters';

type S = components['schemas'];
export type Money = S['CatalogMoney'];
export type ProductCard = S['CatalogProductCard'];
export type Product = S['CatalogProduct'];
export type ProductVariant = S['CatalogProductVariant'];
export type ProductPhoto = S['CatalogProductPhoto'];
export type ProductStatus = S['CatalogProductStatus'];
export type ProductInput = S['CatalogProductInput'];
export type ProductPatch = S['CatalogProductPatch'];
export type AdminProductInput = S['CatalogAdminProductInput'];
export type ProductFacets = S['CatalogProductFacets'];
export type Suggestion = S['CatalogSuggestion'];
export type Category = S['CatalogCategory'];
export type CategoryInput = S['CatalogCategoryInput'];
export type CategoryPatch = S['CatalogCategoryPatch'];
export type Store = S['CatalogStore'];
export type VendorStore = S['CatalogVendorStore'];
export type ShippingMethod = S['CatalogShippingMethod'];
export type Certificate = S['CatalogCertificate'];
export type AdminProductRow = S['CatalogAdminProductRow'];
export type BulkAction = S['CatalogBulkInput']['action'];
export type ShippingProfile = Product['shipping_profile'];

const api = () => typedClient(true);
const pub = () => typedClient(false);

/** A multipart body of one file (the upload routes read the field `file`). */
const fileBody = (file: File) => ({
  body: { file: file as unknown as string },
  bodySerializer: () => {
    const fd = new FormData();
    fd.append('file', file);
    return fd;
  },
});

/** A private document (a luxury certificate), read with the token; shown from a blob: URL. */
async function privateFile(path: string, fallbackType: string): Promise<Blob> {
  const res = await authedFetch(new Request(apiUrl(path)));
  if (!res.ok) throw errorFromBody(res, await res.json().catch(() => undefined));
  return new Blob([await res.arrayBuffer()], { type: res.headers.get('X-Document-Type') ?? fallbackType });
}

export const PAGE_SIZE = 24;

/** The catalogue calls of api/openapi.yaml (api/contract/catalog.yaml). */
export const catalogApi = {
  search: (f: ProductFilters, cursor?: string, limit = PAGE_SIZE) => unwrap(pub().GET('/api/v1/shop/products', { params: { query: { ...apiQuery(f), cursor, limit } } })),
  facets: (f: ProductFilters) => {
    const { sort: _sort, ...q } = apiQuery(f);
    return unwrap(pub().GET('/api/v1/shop/products/facets', { params: { query: q } })).then((r) => r.data);
  },
  suggest: (q: string) => unwrap(pub().GET('/api/v1/shop/products/suggest', { params: { query: { q } } })).then((r) => r.data),
  product: (id: string) => unwrap(pub().GET('/api/v1/shop/products/{id}', { params: { path: { id } } })).then((r) => r.data),
  categories: () => unwrap(pub().GET('/api/v1/shop/categories')).then((r) => r.data),
  stores: (q: string, cursor?: string) => unwrap(pub().GET('/api/v1/shop/stores', { params: { query: { q: q || undefined, cursor, limit: 24 } } })),
  store: (id: string) => unwrap(pub().GET('/api/v1/shop/stores/{id}', { params: { path: { id } } })).then((r) => r.data),
};

export const vendorCatalogApi = {
  store: () => unwrap(api().GET('/api/v1/vendor/store')).then((r) => r.data),
  products: (status: ProductStatus | '', q: string, cursor?: string) =>
    unwrap(api().GET('/api/v1/vendor/products', { params: { query: { status: status || undefined, q: q || undefined, cursor, limit: 20 } } })),
  product: (id: string) => unwrap(api().GET('/api/v1/vendor/products/{id}', { params: { path: { id } } })).then((r) => r.data),
  create: (body: ProductInput) => unwrap(api().POST('/api/v1/vendor/products', { body })).then((r) => r.data),
  update: (id: string, body: ProductPatch) => unwrap(api().PATCH('/api/v1/vendor/products/{id}', { params: { path: { id } }, body })).then((r) => r.data),
  submit: (id: string) => unwrap(api().POST('/api/v1/vendor/products/{id}/submit', { params: { path: { id } } })).then((r) => r.data),
  archive: (id: string) => unwrap(api().POST('/api/v1/vendor/products/{id}/archive', { params: { path: { id } } })).then((r) => r.data),
  bulk: (ids: string[], action: BulkAction) => unwrap(api().POST('/api/v1/vendor/products/bulk', { body: { ids, action } })).then((r) => r.data),
  addPhoto: (id: string, file: File) => unwrap(api().POST('/api/v1/vendor/products/{id}/photos', { params: { path: { id } }, ...fileBody(file) })).then((r) => r.data),
  deletePhoto: (id: string, photoId: string) => unwrap(api().DELETE('/api/v1/vendor/products/{id}/photos/{photo_id}', { params: { path: { id, photo_id: photoId } } })).then((r) => r.data),
  orderPhotos: (id: string, photoIds: string[]) => unwrap(api().PUT('/api/v1/vendor/products/{id}/photos/order', { params: { path: { id } }, body: { photo_ids: photoIds } })).then((r) => r.data),
  uploadCertificate: (id: string, file: File) => unwrap(api().POST('/api/v1/vendor/products/{id}/certificate', { params: { path: { id } }, ...fileBody(file) })).then((r) => r.data),
  certificateFile: (id: string, type: string) => privateFile(`/api/v1/vendor/products/${encodeURIComponent(id)}/certificate`, type),
  lowStock: (threshold = 5) => unwrap(api().GET('/api/v1/vendor/products/low-stock', { params: { query: { threshold } } })).then((r) => r.data),
};

export interface AdminProductQuery {
  status: ProductStatus | '';
  certificate: 'pending' | 'verified' | 'rejected' | '';
  q: string;
  page: number;
}

export const adminCatalogApi = {
  products: (q: AdminProductQuery) =>
    unwrap(
      api().GET('/api/v1/admin/shop/products', {
        params: { query: { status: q.status || undefined, certificate: q.certificate || undefined, q: q.q || undefined, page: q.page, per_page: 20 } },
      }),
    ),
  product: (id: string) => unwrap(api().GET('/api/v1/admin/shop/products/{id}', { params: { path: { id } } })).then((r) => r.data),
  approve: (id: string) => unwrap(api().POST('/api/v1/admin/shop/products/{id}/approve', { params: { path: { id } } })).then((r) => r.data),
  reject: (id: string, reason: string) => unwrap(api().POST('/api/v1/admin/shop/products/{id}/reject', { params: { path: { id } }, body: { reason } })).then((r) => r.data),
  certificateFile: (id: string, size: 'preview' | 'full', type: string) =>
    privateFile(`/api/v1/admin/shop/products/${encodeURIComponent(id)}/certificate?size=${size}`, type),
  verifyCertificate: (id: string) => unwrap(api().POST('/api/v1/admin/shop/products/{id}/certificate/verify', { params: { path: { id } } })).then((r) => r.data),
  rejectCertificate: (id: string, reason: string) =>
    unwrap(api().POST('/api/v1/admin/shop/products/{id}/certificate/reject', { params: { path: { id } }, body: { reason } })).then((r) => r.data),
  create: (body: AdminProductInput) => unwrap(api().POST('/api/v1/admin/shop/products', { body })).then((r) => r.data),
  addPhoto: (id: string, file: File) => unwrap(api().POST('/api/v1/admin/shop/products/{id}/photos', { params: { path: { id } }, ...fileBody(file) })).then((r) => r.data),
  stores: (q: string, page: number) => unwrap(api().GET('/api/v1/admin/shop/stores', { params: { query: { q: q || undefined, page, per_page: 10 } } })),
  categories: () => unwrap(api().GET('/api/v1/admin/shop/categories')).then((r) => r.data),
  addCategory: (body: CategoryInput) => unwrap(api().POST('/api/v1/admin/shop/categories', { body })).then((r) => r.data),
  updateCategory: (id: string, body: CategoryPatch) => unwrap(api().PATCH('/api/v1/admin/shop/categories/{id}', { params: { path: { id } }, body })).then((r) => r.data),
  deleteCategory: (id: string) => unwrap(api().DELETE('/api/v1/admin/shop/categories/{id}', { params: { path: { id } } })),
};

export const catalogKeys = {
  all: ['catalog'] as const,
  search: (f: ProductFilters) => ['catalog', 'search', f] as const,
  facets: (f: ProductFilters) => ['catalog', 'facets', f] as const,
  product: (id: string) => ['catalog', 'product', id] as const,
  categories: ['catalog', 'categories'] as const,
  stores: (q: string) => ['catalog', 'stores', q] as const,
  store: (id: string) => ['catalog', 'store', id] as const,
  row: (name: string, f: ProductFilters) => ['catalog', 'row', name, f] as const,
  vendor: ['catalog', 'vendor'] as const,
  vendorStore: ['catalog', 'vendor', 'store'] as const,
  vendorProducts: (status: string, q: string) => ['catalog', 'vendor', 'products', status, q] as const,
  vendorProduct: (id: string) => ['catalog', 'vendor', 'product', id] as const,
  lowStock: ['catalog', 'vendor', 'low-stock'] as const,
  admin: ['catalog', 'admin'] as const,
  adminProducts: (q: AdminProductQuery) => ['catalog', 'admin', 'products', q] as const,
  adminProduct: (id: string) => ['catalog', 'admin', 'product', id] as const,
  adminCategories: ['catalog', 'admin', 'categories'] as const,
  adminStores: (q: string, page: number) => ['catalog', 'admin', 'stores', q, page] as const,
  certificate: (id: string, certId: string, size: string) => ['catalog', 'certificate', id, certId, size] as const,
};

/** A variant's values in the product's option order (the API keeps them as {option: value}). */
export const valuesOf = (product: Pick<Product, 'options'>, v: Pick<ProductVariant, 'options'>) => product.options.map((o) => v.options[o.name] ?? '');

/** The category tree flattened in display order, each with its depth and the names from the root ("Home › Kitchen"). */
export function flattenCategories(roots: Category[]): { cat: Category; depth: number; trail: string }[] {
  const out: { cat: Category; depth: number; trail: string }[] = [];
  const walk = (list: Category[], depth: number, trail: string) => {
    for (const c of [...list].sort((a, b) => a.position - b.position || a.name.localeCompare(b.name))) {
      const t = trail ? `${trail} › ${c.name}` : c.name;
      out.push({ cat: c, depth, trail: t });
      walk(c.children, depth + 1, t);
    }
  };
  walk(roots, 0, '');
  return out;
}

export const STATUS_LABEL: Record<ProductStatus, string> = {
  draft: 'Draft',
  pending_review: 'In review',
  published: 'Published',
  rejected: 'Rejected',
  archived: 'Archived',
};
