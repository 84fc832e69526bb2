import { errorMessage, isApiError } from '@sojourn/api-client';
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, ErrorState, FormAlert, Input, inputClass, Label, PageHeader, Skeleton, TagInput } from '@sojourn/ui';
import { cn, parseMoney, toMajorInput } from '@sojourn/util';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { adminCatalogApi, catalogApi, catalogKeys, flattenCategories, valuesOf, vendorCatalogApi, type Product, type ProductInput, type ShippingProfile } from '../../api';
import { VendorCertificate } from '../../components/certificate';
import { DescriptionField } from '../../components/description-field';
import { PhotoManager } from '../../components/photo-manager';
import { StatusBadge } from '../../components/status';
import { OptionsEditor, VariantGrid } from '../../components/variant-grid';
import { VENDOR_PRODUCTS_PATH, vendorEditHref, vendorProductHref, vendorSubmittedHref } from '../../paths';
import { fromHtml, toHtml } from '../../richtext';
import { buildMatrix, optionProblems, rowsToVariants, type ProductOption, type VariantRow } from '../../variants';

const PROFILES: Record<ShippingProfile, string> = {
  standard: 'Standard parcel',
  fragile: 'Fragile (packed and handled with care)',
  oversized: 'Oversized (large or heavy)',
};

interface Draft {
  title: string;
  categoryId: string;
  brand: string;
  description: string;
  tags: string[];
  options: ProductOption[];
  rows: VariantRow[];
  shipping: ShippingProfile;
  luxury: boolean;
  priceOnRequest: boolean;
}

const EMPTY: Draft = {
  title: '',
  categoryId: '',
  brand: '',
  description: '',
  tags: [],
  options: [],
  rows: [{ values: [], sku: '', price: '', compareAt: '', stock: '0', weight: '' }],
  shipping: 'standard',
  luxury: false,
  priceOnRequest: false,
};

function draftOf(p: Product): Draft {
  return {
    title: p.title,
    categoryId: p.category_id,
    brand: p.brand,
    description: fromHtml(p.description_html),
    tags: p.tags,
    options: p.options.map((o) => ({ name: o.name, values: [...o.values] })),
    rows: p.variants.map((v) => ({
      id: v.id,
      values: valuesOf(p, v),
      sku: v.sku,
      price: p.price_on_request && v.price.amount === 0 ? '' : toMajorInput(v.price.amount),
      compareAt: v.compare_at ? toMajorInput(v.compare_at.amount) : '',
      stock: String(v.stock ?? v.available),
      weight: v.weight_grams ? String(v.weight_grams) : '',
    })),
    shipping: p.shipping_profile,
    luxury: p.luxury_requested,
    priceOnRequest: p.price_on_request,
  };
}

const FIELD_LABEL: Record<string, string> = { title: 'Title', category_id: 'Category', brand: 'Brand', description: 'Description', tags: 'Tags', options: 'Options', variants: 'Variants' };

/** What the API said was wrong, in words, each with the field it is about. */
function serverProblems(e: unknown): string[] {
  if (!isApiError(e) || !e.hasFieldErrors) return [errorMessage(e)];
  return Object.entries(e.fields).map(([k, m]) => `${FIELD_LABEL[k.split(/[.[]/)[0] ?? k] ?? k}: ${m}`);
}

function Section({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

/** In the admin portal: an admin adds a product to a chosen store (published at once); photos come after. */
export interface AdminTarget {
  storeId: string;
  storeName: string;
  onCreated: (p: Product) => void;
}

export function Editor({ product, admin }: { product: Product | null; admin?: AdminTarget }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [saved, setSaved] = useState<Product | null>(product);
  const [d, setD] = useState<Draft>(() => (product ? draftOf(product) : EMPTY));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const cats = useQuery({ queryKey: catalogKeys.categories, queryFn: catalogApi.categories, staleTime: 5 * 60_000 });
  const flat = useMemo(() => flattenCategories(cats.data ?? []), [cats.data]);
  const set = <K extends keyof Draft>(k: K, v: Draft[K]) => setD((x) => ({ ...x, [k]: v }));
  const setOptions = (options: ProductOption[]) => setD((x) => ({ ...x, options, rows: buildMatrix(options, x.rows, x.options) }));
  const optionIssues = optionProblems(d.options);

  const body = (): ProductInput | null => {
    const p: Record<string, string> = {};
    if (d.title.trim().length < 3) p.title = 'Give the product a title of at least 3 characters.';
    if (!d.categoryId) p.category = 'Choose the category buyers will find it in.';
    const { variants, problems: cells } = rowsToVariants(d.options, d.rows, d.priceOnRequest, (s) => parseMoney(s));
    Object.assign(p, cells);
    setProblems(p);
    if (Object.keys(p).length || optionIssues.length) return null;
    return {
      title: d.title.trim(),
      category_id: d.categoryId,
      brand: d.brand.trim(),
      description: toHtml(d.description),
      tags: d.tags,
      options: d.options.map((o) => ({ name: o.name.trim(), values: o.values })),
      shipping_profile: d.shipping,
      luxury: d.luxury,
      price_on_request: d.priceOnRequest,
      variants,
    };
  };

  const save = async (then: 'stay' | 'submit') => {
    setServerErrors([]);
    const b = body();
    if (!b) {
      setServerErrors(['Some fields need attention; each is marked below.']);
      return;
    }
    setBusy(then === 'submit' ? 'submit' : 'save');
    if (admin) {
      try {
        const p = await adminCatalogApi.create({ ...b, store_id: admin.storeId });
        void qc.invalidateQueries({ queryKey: catalogKeys.all });
        toast.success(`${p.title} is on sale in ${admin.storeName}.`);
        admin.onCreated(p);
      } catch (e) {
        setServerErrors(serverProblems(e));
      } finally {
        setBusy(null);
      }
      return;
    }
    try {
      let p = saved ? await vendorCatalogApi.update(saved.id, b) : await vendorCatalogApi.create(b);
      setSaved(p);
      setD(draftOf(p));
      qc.setQueryData(catalogKeys.vendorProduct(p.id), p);
      void qc.invalidateQueries({ queryKey: catalogKeys.vendor });
      if (then === 'submit') {
        p = await vendorCatalogApi.submit(p.id);
        void qc.invalidateQueries({ queryKey: catalogKeys.vendor });
        void navigate(vendorSubmittedHref(p.id));
        return;
      }
      toast.success(saved ? 'Changes saved.' : 'Draft saved. Add photos now: the first one is the cover.');
      if (!saved) void navigate(vendorEditHref(p.id), { replace: true });
    } catch (e) {
      setServerErrors(serverProblems(e));
    } finally {
      setBusy(null);
    }
  };

  const canSubmit = !saved || saved.status === 'draft' || saved.status === 'rejected';
  return (
    <div className="grid gap-6">
      {saved?.status === 'rejected' && saved.rejection_reason && <FormAlert>Our team could not publish this product: {saved.rejection_reason} Change what they asked for and submit it again.</FormAlert>}
      {saved?.status === 'published' && <FormAlert tone="info">This product is on sale. Saved changes show in the shop at once, unless your shop is set to have every change reviewed.</FormAlert>}
      <Section title="The product">
        <div className="grid gap-1.5">
          <Label htmlFor="p-title">Title</Label>
          <Input id="p-title" maxLength={140} value={d.title} aria-invalid={Boolean(problems.title) || undefined} aria-describedby={problems.title ? 'p-title-error' : undefined} onChange={(e) => set('title', e.target.value)} />
          {problems.title && (
            <p id="p-title-error" className="text-sm text-destructive">
              {problems.title}
            </p>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor="p-category">Category</Label>
            <select id="p-category" className={cn(inputClass, 'appearance-auto')} value={d.categoryId} aria-invalid={Boolean(problems.category) || undefined} aria-describedby={problems.category ? 'p-category-error' : undefined} onChange={(e) => set('categoryId', e.target.value)}>
              <option value="">{cats.isPending ? 'Loading the categories…' : 'Choose a category'}</option>
              {flat.map(({ cat, depth, trail }) => (
                <option key={cat.id} value={cat.id} title={trail}>
                  {`${'\u00a0\u00a0'.repeat(depth)}${cat.name}`}
                </option>
              ))}
            </select>
            {problems.category && (
              <p id="p-category-error" className="text-sm text-destructive">
                {problems.category}
              </p>
            )}
            {cats.error && <p className="text-sm text-destructive">The categories could not be loaded: {errorMessage(cats.error)}</p>}
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="p-brand">Brand</Label>
            <Input id="p-brand" maxLength={80} value={d.brand} onChange={(e) => set('brand', e.target.value)} />
          </div>
        </div>
        <DescriptionField id="p-description" value={d.description} onChange={(v) => set('description', v)} />
        <div className="grid gap-1.5">
          <Label htmlFor="p-tags">Tags</Label>
          <TagInput id="p-tags" value={d.tags} max={20} placeholder="Words buyers search for; press Enter after each" onChange={(t) => set('tags', t.map((x) => x.slice(0, 30)))} />
        </div>
      </Section>
      <Section title="Options and variants" description="Each combination of options is a variant with its own SKU, price, stock and weight.">
        <OptionsEditor options={d.options} onChange={setOptions} />
        {optionIssues.length > 0 && (
          <ul className="grid gap-0.5 text-sm text-destructive" aria-live="polite">
            {optionIssues.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )}
        <VariantGrid rows={d.rows} onChange={(rows) => set('rows', rows)} problems={problems} />
      </Section>
      <Section title="Photos">
        {saved ? <PhotoManager product={saved} onChange={setSaved} /> : <p className="text-sm text-muted-foreground">{admin ? 'Add the product first; then its photos.' : 'Save the draft first; then add photos here.'}</p>}
      </Section>
      <Section title="Delivery and pricing">
        <div className="grid gap-1.5 sm:max-w-sm">
          <Label htmlFor="p-shipping">Shipping profile</Label>
          <select id="p-shipping" className={cn(inputClass, 'appearance-auto')} value={d.shipping} onChange={(e) => set('shipping', e.target.value as ShippingProfile)}>
            {Object.entries(PROFILES).map(([k, v]) => (
              <option key={k} value={k}>
                {v}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-start gap-2 text-sm">
          <input id="p-por" type="checkbox" className="mt-0.5 size-4 accent-primary" aria-describedby="p-por-hint" checked={d.priceOnRequest} onChange={(e) => set('priceOnRequest', e.target.checked)} />
          <div>
            <label htmlFor="p-por" className="font-medium">
              Price on request
            </label>
            <p id="p-por-hint" className="text-muted-foreground">
              Buyers see “Price on request” instead of a price and cannot add it to a cart.
            </p>
          </div>
        </div>
        <div className="flex items-start gap-2 text-sm">
          <input id="p-luxury" type="checkbox" className="mt-0.5 size-4 accent-primary" aria-describedby="p-luxury-hint" checked={d.luxury} onChange={(e) => set('luxury', e.target.checked)} />
          <div>
            <label htmlFor="p-luxury" className="font-medium">
              Luxury piece
            </label>
            <p id="p-luxury-hint" className="text-muted-foreground">
              With a certificate of authenticity our team verifies, it shows the verified badge and ships insured, signed for on receipt.
            </p>
          </div>
        </div>
        {d.luxury && admin && <p className="text-sm text-muted-foreground">The vendor uploads the certificate of authenticity from their console; the badge shows once it is verified here.</p>}
        {d.luxury && !admin && (saved ? <VendorCertificate product={saved} onUploaded={(certificate) => setSaved({ ...saved, certificate })} /> : <p className="text-sm text-muted-foreground">Save the draft first; then upload the certificate here.</p>)}
      </Section>
      {serverErrors.length > 0 && (
        <FormAlert>
          <ul className="grid gap-0.5">
            {serverErrors.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </FormAlert>
      )}
      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap justify-end gap-2 border-t bg-background/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-lg sm:border">
        {saved && !admin && (
          <Button asChild variant="ghost">
            <Link to={vendorProductHref(saved.id)}>Open in the console</Link>
          </Button>
        )}
        {admin ? (
          <Button loading={busy === 'save'} disabled={busy !== null} onClick={() => void save('stay')}>
            Add to {admin.storeName}
          </Button>
        ) : (
          <Button variant="outline" loading={busy === 'save'} disabled={busy !== null} onClick={() => void save('stay')}>
            {saved && saved.status !== 'draft' ? 'Save changes' : 'Save draft'}
          </Button>
        )}
        {canSubmit && !admin && (
          <Button loading={busy === 'submit'} disabled={busy !== null} onClick={() => void save('submit')}>
            Submit for review
          </Button>
        )}
      </div>
    </div>
  );
}

/** The product editor: a new product, or ?id= to change one. */
export default function ProductEditorPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const q = useQuery({ queryKey: catalogKeys.vendorProduct(id), queryFn: () => vendorCatalogApi.product(id), enabled: Boolean(id), staleTime: 0 });
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <PageHeader
        title={id ? (q.data ? `Edit ${q.data.title}` : 'Edit the product') : 'Add a product'}
        description={q.data ? undefined : 'Describe it, set its options and a price and stock for each variant, add photos, then submit it for review.'}
        actions={q.data && <StatusBadge status={q.data.status} />}
      />
      {id && q.isPending ? (
        <Skeleton className="h-96" />
      ) : id && q.error ? (
        <ErrorState title={isApiError(q.error) && q.error.status === 404 ? 'This product is not in your shop' : 'The product could not be loaded'} error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <Editor key={id || 'new'} product={q.data ?? null} />
      )}
      <p className="text-sm">
        <Link to={VENDOR_PRODUCTS_PATH} className="text-primary hover:underline">
          Back to your products
        </Link>
      </p>
    </div>
  );
}
