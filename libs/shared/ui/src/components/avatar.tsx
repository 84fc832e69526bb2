import { cn, initials } from '@sojourn/util';
import { Avatar as AvatarPrimitive } from 'radix-ui';
import * as React from 'react';

/** Sojourn's default avatar: a neutral silhouette on sand, used whenever a person has no profile picture. */
export const DEFAULT_AVATAR =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#e9d9bd"/><circle cx="32" cy="25" r="11" fill="#8a7452"/><path d="M12 58c2-11 10-17 20-17s18 6 20 17" fill="#8a7452"/></svg>',
  );

const sizes = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-16 text-lg', xl: 'size-24 text-2xl' } as const;

export interface AvatarProps {
  src?: string | null | undefined;
  name: string;
  size?: keyof typeof sizes;
  className?: string;
}

/** A person's picture; falls back to the default avatar (and initials for screen readers via alt text). */
export function Avatar({ src, name, size = 'md', className }: AvatarProps) {
  return (
    <AvatarPrimitive.Root className={cn('relative inline-flex shrink-0 overflow-hidden rounded-full bg-sand', sizes[size], className)}>
      {src && <AvatarPrimitive.Image src={src} alt={name} className="size-full object-cover" />}
      <AvatarPrimitive.Fallback delayMs={src ? 400 : 0} asChild>
        <img src={DEFAULT_AVATAR} alt={src ? name : `${name} (no photo)`} className="size-full" data-initials={initials(name)} />
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
export type AvatarElement = React.ReactElement<AvatarProps>;
