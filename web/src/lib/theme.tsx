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
 * Light, dark or the system's choice; remembered per browser (and in a cookie, so the
 * server draws pages in it) and applied to <html>. Hydrating a page the server drew,
 * React starts from the system's theme as light, as the server did; the browser's own
 * choice follows at once (its colours were right from the first paint: see styles.css).
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const theme = useSyncExternalStore(subscribe, readTheme, () => 'system' as const);
  const systemDark = useSyncExternalStore(subscribe, systemPrefersDark, () => false);
  const resolved = theme === 'system' ? (systemDark ? 'dark' : 'light') : theme;

  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', resolved === 'dark');
    // Light chosen on a dark system: the stylesheet's system rule must not apply.
    root.classList.toggle('light', theme === 'light');
    // The server reads the choice to draw the next page in it from the first paint (server/web/spa.ts).
    const cookie = `${KEY}=${theme}`;
    if (!document.cookie.split('; ').includes(cookie))
      document.cookie = `${cookie}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax`;
  }, [theme, resolved]);

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
