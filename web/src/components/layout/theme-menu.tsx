import { Monitor, Moon, Sun } from 'lucide-react';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useTheme, type Theme } from '@/lib/theme';

const options: Array<{ value: Theme; label: string; icon: typeof Sun }> = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];

/** The theme button and its menu of light, dark or the system's theme (ThemeToggle loads it on demand). */
export function ThemeMenu(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Focus this button on mount: the stand-in had the focus and the menu is not opening. */
  focusTrigger: boolean;
  children: ReactNode;
}) {
  const { theme, setTheme } = useTheme();
  const trigger = useRef<HTMLButtonElement>(null);
  // This button replaces the stand-in that had the focus; keep it there (unless the menu opens at once: Radix then
  // moves focus into the menu, and taking it back would close the menu again).
  const focusTrigger = useRef(props.focusTrigger);
  // Before the browser paints, so no key press can land on the page in between.
  useLayoutEffect(() => {
    if (focusTrigger.current) trigger.current?.focus();
  }, []);
  return (
    <DropdownMenu open={props.open} onOpenChange={props.onOpenChange}>
      <DropdownMenuTrigger asChild>
        <Button ref={trigger} variant="ghost" size="icon" aria-label="Theme">
          {props.children}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuRadioGroup value={theme} onValueChange={(value) => setTheme(value as Theme)}>
          {options.map(({ value, label, icon: Icon }) => (
            <DropdownMenuRadioItem key={value} value={value}>
              <Icon /> {label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
