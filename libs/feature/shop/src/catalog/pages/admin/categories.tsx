import { Button, ErrorState, PageHeader, Skeleton } from '@sojourn/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronDown, ChevronRight, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { adminCatalogApi, catalogKeys, type Category } from '../../api';
import { CategoryDialog, type CategoryAction } from '../../components/category-dialog';

function Node({ c, open, toggle, act }: { c: Category; open: Set<string>; toggle: (id: string) => void; act: (a: CategoryAction) => void }) {
  const expanded = open.has(c.id);
  const kids = [...c.children].sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
  return (
    <li>
      <div className="flex flex-wrap items-center gap-2 rounded-md px-2 py-1.5 hover:bg-muted/60">
        {kids.length > 0 ? (
          <Button variant="ghost" size="sm" className="size-7 p-0" aria-expanded={expanded} aria-label={`${expanded ? 'Collapse' : 'Expand'} ${c.name}`} onClick={() => toggle(c.id)}>
            {expanded ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />}
          </Button>
        ) : (
          <span className="size-7" aria-hidden />
        )}
        <span className="min-w-0 flex-1">
          <span className="font-medium">{c.name}</span>
          <span className="ml-2 text-xs text-muted-foreground">
            {c.product_count.toLocaleString()} {c.product_count === 1 ? 'product' : 'products'}
            {kids.length ? ` · ${kids.length} ${kids.length === 1 ? 'subcategory' : 'subcategories'}` : ''} · position {c.position}
          </span>
        </span>
        <span className="flex gap-1">
          <Button variant="ghost" size="sm" aria-label={`Add a category under ${c.name}`} onClick={() => act({ mode: 'add', parent: c })}>
            <Plus aria-hidden />
          </Button>
          <Button variant="ghost" size="sm" aria-label={`Rename or move ${c.name}`} onClick={() => act({ mode: 'edit', cat: c })}>
            <Pencil aria-hidden />
          </Button>
          <Button variant="ghost" size="sm" aria-label={`Remove ${c.name}`} onClick={() => act({ mode: 'delete', cat: c })}>
            <Trash2 aria-hidden />
          </Button>
        </span>
      </div>
      {expanded && kids.length > 0 && (
        <ul className="ml-5 border-l pl-2">
          {kids.map((k) => (
            <Node key={k.id} c={k} open={open} toggle={toggle} act={act} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The category tree: add, rename, reorder, move (never under itself) and remove empty categories. */
export default function AdminCategoriesPage() {
  const qc = useQueryClient();
  const tree = useQuery({ queryKey: catalogKeys.adminCategories, queryFn: adminCatalogApi.categories });
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [action, setAction] = useState<CategoryAction | null>(null);
  const toggle = (id: string) =>
    setOpen((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const roots = [...(tree.data ?? [])].sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader
        title="Categories"
        description="The tree shoppers browse and vendors file products under. Counts are published products, subcategories included."
        actions={
          <Button onClick={() => setAction({ mode: 'add', parent: null })}>
            <Plus aria-hidden /> Add a category
          </Button>
        }
      />
      {tree.isPending ? (
        <Skeleton className="h-80" />
      ) : tree.error ? (
        <ErrorState title="The categories could not be loaded" error={tree.error} onRetry={() => void tree.refetch()} />
      ) : roots.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-muted-foreground">No categories yet: add the first one.</p>
      ) : (
        <div className="grid gap-2 rounded-xl border bg-card p-3">
          <div className="flex gap-2">
            <Button variant="link" size="sm" onClick={() => setOpen(new Set(collectIds(roots)))}>
              Expand all
            </Button>
            <Button variant="link" size="sm" onClick={() => setOpen(new Set())}>
              Collapse all
            </Button>
          </div>
          <ul aria-label="Category tree">
            {roots.map((c) => (
              <Node key={c.id} c={c} open={open} toggle={toggle} act={setAction} />
            ))}
          </ul>
        </div>
      )}
      {action && (
        <CategoryDialog
          action={action}
          tree={tree.data ?? []}
          onClose={() => setAction(null)}
          onDone={(message) => {
            toast.success(message);
            if (action.mode === 'add' && action.parent) setOpen((s) => new Set(s).add(action.parent!.id));
            setAction(null);
            void qc.invalidateQueries({ queryKey: catalogKeys.adminCategories });
            void qc.invalidateQueries({ queryKey: catalogKeys.categories });
          }}
        />
      )}
    </div>
  );
}

function collectIds(list: Category[]): string[] {
  return list.flatMap((c) => [c.id, ...collectIds(c.children)]);
}
