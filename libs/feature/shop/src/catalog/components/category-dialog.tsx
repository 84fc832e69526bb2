import { errorMessage } from '@sojourn/api-client';
import { Button, Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, FormAlert, Input, inputClass, Label, Textarea } from '@sojourn/ui';
import { cn } from '@sojourn/util';
import { useState } from 'react';
import { adminCatalogApi, flattenCategories, type Category } from '../api';

export type CategoryAction = { mode: 'add'; parent: Category | null } | { mode: 'edit'; cat: Category } | { mode: 'delete'; cat: Category };

/** The ids of a category and everything under it (it cannot move under them). */
function subtree(c: Category): Set<string> {
  const out = new Set<string>([c.id]);
  const walk = (l: Category[]) =>
    l.forEach((x) => {
      out.add(x.id);
      walk(x.children);
    });
  walk(c.children);
  return out;
}

/** Add, rename and move, or delete a category. */
export function CategoryDialog({ action, tree, onClose, onDone }: { action: CategoryAction; tree: Category[]; onClose: () => void; onDone: (message: string, created?: Category) => void }) {
  const cat = action.mode === 'add' ? null : action.cat;
  const [name, setName] = useState(cat?.name ?? '');
  const [description, setDescription] = useState(cat?.description ?? '');
  const [parent, setParent] = useState(action.mode === 'add' ? (action.parent?.id ?? '') : (cat?.parent_id ?? ''));
  const [position, setPosition] = useState(String(cat?.position ?? 0));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const blocked = cat ? subtree(cat) : new Set<string>();
  const parents = flattenCategories(tree).filter(({ cat: c }) => !blocked.has(c.id));
  const run = async () => {
    setError(null);
    if (action.mode !== 'delete' && name.trim().length < 2) return setError('A category name has at least 2 characters.');
    const pos = Number(position);
    if (action.mode !== 'delete' && !(Number.isInteger(pos) && pos >= 0 && pos <= 1000)) return setError('The position is a whole number from 0 to 1000 (lower comes first).');
    setBusy(true);
    try {
      if (action.mode === 'add') {
        const c = await adminCatalogApi.addCategory({ name: name.trim(), description: description.trim(), parent_id: parent || null, position: pos });
        onDone(`${c.name} is added.`, c);
      } else if (action.mode === 'edit') {
        const c = await adminCatalogApi.updateCategory(action.cat.id, { name: name.trim(), description: description.trim(), parent_id: parent || null, position: pos });
        onDone(`${c.name} is saved.`);
      } else {
        await adminCatalogApi.deleteCategory(action.cat.id);
        onDone(`${action.cat.name} is removed.`);
      }
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const title = action.mode === 'add' ? (action.parent ? `Add a category under ${action.parent.name}` : 'Add a top-level category') : action.mode === 'edit' ? `Change ${action.cat.name}` : `Remove ${action.cat.name}?`;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            {action.mode === 'delete'
              ? 'Only an empty category can go: move its products and subcategories elsewhere first.'
              : 'Shoppers browse by these categories, and vendors file their products under them.'}
          </DialogDescription>
        </DialogHeader>
        {action.mode !== 'delete' && (
          <form
            id="category-form"
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              void run();
            }}
          >
            <div className="grid gap-1.5">
              <Label htmlFor="cat-name">Name</Label>
              <Input id="cat-name" maxLength={60} value={name} onChange={(e) => setName(e.target.value)} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="cat-parent">Inside</Label>
              <select id="cat-parent" className={cn(inputClass, 'appearance-auto')} value={parent} onChange={(e) => setParent(e.target.value)}>
                <option value="">Top level</option>
                {parents.map(({ cat: c, depth }) => (
                  <option key={c.id} value={c.id}>
                    {`${'\u00a0\u00a0'.repeat(depth)}${c.name}`}
                  </option>
                ))}
              </select>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="cat-position">Position</Label>
              <Input id="cat-position" inputMode="numeric" className="w-28" value={position} onChange={(e) => setPosition(e.target.value.replace(/\D/g, '').slice(0, 4))} aria-describedby="cat-position-hint" />
              <p id="cat-position-hint" className="text-xs text-muted-foreground">
                Lower comes first among its siblings.
              </p>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor="cat-description">Description</Label>
              <Textarea id="cat-description" rows={3} maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} />
            </div>
          </form>
        )}
        {error && <FormAlert>{error}</FormAlert>}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          {action.mode === 'delete' ? (
            <Button variant="destructive" loading={busy} onClick={() => void run()}>
              Remove category
            </Button>
          ) : (
            <Button type="submit" form="category-form" loading={busy}>
              {action.mode === 'add' ? 'Add category' : 'Save'}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
