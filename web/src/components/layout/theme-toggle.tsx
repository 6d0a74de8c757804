import { Moon, Sun } from 'lucide-react';
import { lazy, Suspense, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useTheme } from '@/lib/theme';

// The menu (Radix's dropdown and its positioning code) loads when someone reaches for the
// button, not with the page: the sign-in page then needs none of it.
const ThemeMenu = /* @__PURE__ */ lazy(() => import('./theme-menu').then((m) => ({ default: m.ThemeMenu })));

/** Keys that open a menu button, as Radix's trigger has them. */
const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * Chooses light, dark or the system's theme. Until its menu's code has loaded,
 * a look-alike button stands in: pointing at it or focusing it loads the code,
 * and pressing it opens the menu as soon as the code is there.
 */
export function ThemeToggle() {
  const { resolved } = useTheme();
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState(false);
  const icon = resolved === 'dark' ? <Moon /> : <Sun />;
  const want = () => setWanted(true);
  const openNow = () => {
    setWanted(true);
    setOpen(true);
  };

  const standIn = (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Theme"
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={want}
      onFocus={() => {
        setFocused(true);
        want();
      }}
      onBlur={() => setFocused(false)}
      onPointerDown={(event: PointerEvent) => event.button === 0 && !event.ctrlKey && openNow()}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPEN_KEYS.has(event.key)) return;
        event.preventDefault();
        openNow();
      }}
    >
      {icon}
    </Button>
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <ThemeMenu open={open} onOpenChange={setOpen} focusTrigger={focused}>
        {icon}
      </ThemeMenu>
    </Suspense>
  );
}
