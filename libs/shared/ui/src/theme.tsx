import { Monitor, Moon, Sun } from 'lucide-react';
import * as React from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { Button } from './components/button';

export type ThemePreference = 'light' | 'dark' | 'system';

interface ThemeState {
  theme: ThemePreference;
  setTheme: (t: ThemePreference) => void;
}

function systemDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

export function applyTheme(theme: ThemePreference): void {
  const dark = theme === 'dark' || (theme === 'system' && systemDark());
  document.documentElement.classList.toggle('dark', dark);
}

export const useThemeStore = create<ThemeState>()(
  persist(
    (set) => ({
      theme: 'system',
      setTheme: (theme) => {
        applyTheme(theme);
        set({ theme });
      },
    }),
    { name: 'sojourn-theme', storage: createJSONStorage(() => localStorage) },
  ),
);

/** Apply the saved theme now and follow the system setting while "system" is chosen. */
export function initTheme(): void {
  applyTheme(useThemeStore.getState().theme);
  window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener?.('change', () => {
    if (useThemeStore.getState().theme === 'system') applyTheme('system');
  });
}

export const THEME_OPTIONS: { value: ThemePreference; label: string; Icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
  { value: 'system', label: 'Match system', Icon: Monitor },
];

const loadThemeMenu = () => import('./theme-menu');
const ThemeMenu = React.lazy(loadThemeMenu);

/**
 * The colour-theme button. Its menu (Radix dropdown and popper, about 10 kB gzipped) is on every page, the sign-in
 * pages included, so it loads when the button is first hovered, focused or pressed rather than with the page.
 */
export function ThemeToggle() {
  const theme = useThemeStore((s) => s.theme);
  const [wanted, setWanted] = React.useState<null | { open: boolean }>(null);
  const Current = THEME_OPTIONS.find((o) => o.value === theme)?.Icon ?? Monitor;
  const placeholder = (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Colour theme"
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadThemeMenu()}
      onFocus={() => setWanted((w) => w ?? { open: false })}
      onClick={() => setWanted({ open: true })}
    >
      <Current aria-hidden />
    </Button>
  );
  if (!wanted) return placeholder;
  return (
    <React.Suspense fallback={placeholder}>
      <ThemeMenu defaultOpen={wanted.open} />
    </React.Suspense>
  );
}
