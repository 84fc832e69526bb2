import * as React from 'react';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from './dialog';

export interface NavSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side: 'left' | 'right';
  title: React.ReactNode;
  description: string;
  children: React.ReactNode;
}

/** The mobile navigation drawer's panel (Radix dialog). Loaded on first open by `LazyNavSheet`. */
export default function NavSheet({ open, onOpenChange, side, title, description, children }: NavSheetProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side={side}>
        <SheetTitle>{title}</SheetTitle>
        <SheetDescription className="sr-only">{description}</SheetDescription>
        {children}
      </SheetContent>
    </Sheet>
  );
}
