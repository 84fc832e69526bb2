import { Menu } from 'lucide-react';
import * as React from 'react';
import { Button } from '../components/button';
import type { NavSheetProps } from '../components/nav-sheet';

const loadNavSheet = () => import('../components/nav-sheet');
const NavSheet = React.lazy(loadNavSheet);

/**
 * The mobile menu button and its drawer. The drawer (Radix dialog, focus trap, scroll lock: about 10 kB gzipped) is
 * fetched when the button is first hovered, focused or pressed, so no page pays for it before someone wants the menu.
 */
export function LazyNavSheet({
  open,
  onOpenChange,
  label,
  className,
  ...panel
}: Omit<NavSheetProps, 'open' | 'onOpenChange'> & { open: boolean; onOpenChange: (open: boolean) => void; label: string; className?: string }) {
  const [mounted, setMounted] = React.useState(false);
  const preload = () => void loadNavSheet();
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className={className}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setMounted(true);
          onOpenChange(true);
        }}
      >
        <Menu aria-hidden />
      </Button>
      {mounted && (
        <React.Suspense fallback={null}>
          <NavSheet open={open} onOpenChange={onOpenChange} {...panel} />
        </React.Suspense>
      )}
    </>
  );
}
