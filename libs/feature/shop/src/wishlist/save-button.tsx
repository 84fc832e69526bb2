import { errorMessage, isApiError } from '@sojourn/api-client';
import { Button } from '@sojourn/ui';
import { useAuthStore } from '@sojourn/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { SHOP_WISHLIST_PATH, wishlistApi, wishlistKeys } from './api';

/**
 * The heart: saves a product (the chosen variant, else its first) to the shopper's default list, "Saved". Signed
 * out, it links to sign in (or, with hideSignedOut, as on the grid's tiles, shows nothing).
 */
export function SaveButton({
  productId,
  variantId,
  title,
  size = 'default',
  hideSignedOut = false,
}: {
  productId: string;
  variantId?: string;
  title: string;
  size?: 'sm' | 'default' | 'lg' | 'icon';
  hideSignedOut?: boolean;
}) {
  const signedIn = useAuthStore((s) => Boolean(s.accessToken));
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: async () => {
      const lists = await wishlistApi.lists();
      const saved = lists.find((l) => l.is_default) ?? lists[0];
      if (!saved) throw new Error('Your wishlist could not be opened. Try again.');
      return wishlistApi.addItem(saved.id, productId, variantId);
    },
    onSuccess: () => {
      toast.success(
        <span>
          Saved to your wishlist. <Link to={SHOP_WISHLIST_PATH} className="underline">See it</Link>
        </span>,
      );
      void qc.invalidateQueries({ queryKey: wishlistKeys.lists });
    },
    onError: (e) => toast.info(isApiError(e) && e.status === 409 ? 'It is on your wishlist already.' : errorMessage(e)),
  });
  if (!signedIn) {
    if (hideSignedOut) return null;
    return (
      <Button variant="outline" size={size} asChild>
        <Link to={`/login?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`} aria-label="Sign in to save it to your wishlist">
          <Heart aria-hidden /> {size !== 'icon' && 'Save'}
        </Link>
      </Button>
    );
  }
  return (
    <Button variant="outline" size={size} onClick={() => save.mutate()} loading={save.isPending} aria-label={`Save ${title} to your wishlist`}>
      <Heart aria-hidden /> {size !== 'icon' && 'Save'}
    </Button>
  );
}
