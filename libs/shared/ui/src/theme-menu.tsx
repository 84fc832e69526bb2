import { Monitor } from 'lucide-react';
import * as React from 'react';
import { Button } from './components/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from './components/dropdown-menu';
import { THEME_OPTIONS, useThemeStore } from './theme';

/** The colour-theme menu; `ThemeToggle` swaps it in for its button (focused, and open when the button was pressed). */
export default function ThemeMenu({ defaultOpen }: { defaultOpen: boolean }) {
  const { theme, setTheme } = useThemeStore();
  const Current = THEME_OPTIONS.find((o) => o.value === theme)?.Icon ?? Monitor;
  const trigger = React.useRef<HTMLButtonElement>(null);
  React.useEffect(() => trigger.current?.focus(), []);
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button ref={trigger} variant="ghost" size="icon" aria-label="Colour theme">
          <Current aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="min-w-[10rem]">
        {THEME_OPTIONS.map(({ value, label, Icon }) => (
          <DropdownMenuItem key={value} onSelect={() => setTheme(value)} aria-checked={theme === value} role="menuitemradio">
            <Icon aria-hidden /> {label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
