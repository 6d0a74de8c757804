import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';

export type Theme = 'light' | 'dark' | 'system';
const KEY = 'lore-theme';
const DARK_SYSTEM = '(prefers-color-scheme: dark)';

const ThemeContext = createContext<{
  theme: Theme;
  resolved: 'light' | 'dark';
  setTheme: (theme: Theme) => void;
} | null>(null);

/** Told when this page chooses a theme. */
const chosen = new Set<() => void>();

/** Listens for a choice made here and for the system's theme changing. */
function subscribe(onChange: () => void) {
  const media = window.matchMedia(DARK_SYSTEM);
  chosen.add(onChange);
  media.addEventListener('change', onChange);
  return () => {
    chosen.delete(onChange);
    media.removeEventListener('change', onChange);
  };
}

function readTheme(): Theme {
  const stored = localStorage.getItem(KEY);
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

const systemPrefersDark = () => window.matchMedia(DARK_SYSTEM).matches;

/**
 * Light, dark or the system's choice; remembered per browser and applied to <html>.
 * Hydrating a page the server drew, React starts from the system's theme as light,
 * as the server did; the browser's own choice follows at once.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const theme = useSyncExternalStore(subscribe, readTheme, () => 'system' as const);
  const systemDark = useSyncExternalStore(subscribe, systemPrefersDark, () => false);
  const resolved = theme === 'system' ? (systemDark ? 'dark' : 'light') : theme;

  useEffect(() => {
    document.documentElement.classList.toggle('dark', resolved === 'dark');
  }, [resolved]);

  const setTheme = (next: Theme) => {
    localStorage.setItem(KEY, next);
    for (const onChange of chosen) onChange();
  };

  return <ThemeContext.Provider value={{ theme, resolved, setTheme }}>{children}</ThemeContext.Provider>;
}

export function useTheme() {
  const context = useContext(ThemeContext);
  if (!context) throw new Error('useTheme must be used inside ThemeProvider');
  return context;
}
