import { Moon, Sun } from 'lucide-react';
import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useTheme } from '@/lib/theme';
import type { ThemeMenu as ThemeMenuComponent } from './theme-menu';

type ThemeMenuType = typeof ThemeMenuComponent;

// The menu (Radix's dropdown and its positioning code) loads when someone reaches for the
// button, not with the page: the sign-in page then needs none of it. Once loaded, every
// toggle shows the real menu at once.
let loadedMenu: ThemeMenuType | undefined;
let loadingMenu: Promise<ThemeMenuType> | undefined;
const loadMenu = () =>
  (loadingMenu ??= import('./theme-menu').then((module) => {
    loadedMenu = module.ThemeMenu;
    return module.ThemeMenu;
  }));

/** Keys that open a menu button, as Radix's trigger has them. */
const OPEN_KEYS = new Set(['Enter', ' ', 'ArrowDown']);

/**
 * Chooses light, dark or the system's theme. Until its menu's code has loaded,
 * a look-alike button stands in (the same element throughout, so it keeps the
 * focus): pointing at it or focusing it loads the code, and pressing it opens
 * the menu as soon as the code is there.
 */
export function ThemeToggle() {
  const { resolved } = useTheme();
  const [Menu, setMenu] = useState<ThemeMenuType | undefined>(() => loadedMenu);
  const [open, setOpen] = useState(false);
  const [focused, setFocused] = useState(false);
  const icon = resolved === 'dark' ? <Moon /> : <Sun />;

  if (Menu) {
    return (
      <Menu open={open} onOpenChange={setOpen} focusTrigger={focused && !open}>
        {icon}
      </Menu>
    );
  }

  const load = () => void loadMenu().then((menu) => setMenu(() => menu));
  const openWhenLoaded = () => {
    setOpen(true);
    load();
  };
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Theme"
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={load}
      onFocus={() => {
        setFocused(true);
        load();
      }}
      onBlur={() => setFocused(false)}
      onPointerDown={(event: PointerEvent) => event.button === 0 && !event.ctrlKey && openWhenLoaded()}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPEN_KEYS.has(event.key)) return;
        event.preventDefault();
        openWhenLoaded();
      }}
    >
      {icon}
    </Button>
  );
}
