import { Button, EmptyState, ErrorState, Input, Label, PageHeader, Skeleton } from '@sojourn/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Folder } from 'lucide-react';
import { useState } from 'react';
import { blogApi, blogKeys, type BlogCategory } from '../api';

/** /blog-cms/categories: the blog's categories, added and renamed by writers (and admins). */
export default function CmsCategoriesPage() {
  const client = useQueryClient();
  const q = useQuery({ queryKey: blogKeys.categories, queryFn: blogApi.categories });
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const add = async () => {
    setError('');
    try {
      await blogApi.addCategory(name);
      setName('');
      void client.invalidateQueries({ queryKey: blogKeys.categories });
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not add the category.');
    }
  };
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6">
      <PageHeader title="Categories" description="File stories where readers will look for them. Renaming a category changes its address on the blog." />
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <div className="grid min-w-56 flex-1 gap-1.5">
          <Label htmlFor="new-category">New category</Label>
          <Input id="new-category" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} aria-describedby={error ? 'category-error' : undefined} />
        </div>
        <Button type="submit" disabled={!name.trim()}>
          Add
        </Button>
        {error && (
          <p id="category-error" role="alert" className="w-full text-sm text-destructive">
            {error}
          </p>
        )}
      </form>
      {q.isPending ? (
        <Skeleton className="h-40" />
      ) : q.isError ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : q.data.length === 0 ? (
        <EmptyState icon={<Folder className="size-6" />} title="No categories yet" description="Add the first one above." />
      ) : (
        <ul className="grid gap-2">
          {q.data.map((c) => (
            <CategoryRow key={c.id} category={c} />
          ))}
        </ul>
      )}
    </div>
  );
}

function CategoryRow({ category }: { category: BlogCategory }) {
  const client = useQueryClient();
  const [name, setName] = useState(category.name);
  const [error, setError] = useState('');
  const rename = async () => {
    setError('');
    try {
      await blogApi.renameCategory(category.id, name);
      void client.invalidateQueries({ queryKey: blogKeys.categories });
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Could not rename.');
    }
  };
  return (
    <li className="grid gap-2 rounded-lg border p-3">
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void rename();
        }}
      >
        <Label htmlFor={`cat-${category.id}`} className="sr-only">
          Name of {category.name}
        </Label>
        <Input id={`cat-${category.id}`} value={name} maxLength={60} onChange={(e) => setName(e.target.value)} className="min-w-40 flex-1" />
        <span className="text-sm text-muted-foreground">
          {category.posts} published · /{category.slug}
        </span>
        <Button type="submit" variant="outline" size="sm" disabled={name.trim() === category.name || !name.trim()}>
          Rename
        </Button>
      </form>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </li>
  );
}
