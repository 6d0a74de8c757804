import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { ThemeProvider, useTheme } from '@/lib/theme';

function ThemedToaster() {
  const { resolved } = useTheme();
  // The spec shows one toast at a time. At the bottom they cover no control: the top
  // holds the theme toggle and Sign out, and no page keeps a control fixed at the bottom.
  return <Toaster theme={resolved} visibleToasts={1} richColors closeButton position="bottom-right" />;
}

/**
 * Providers around the router (`children`: the browser's, or the server's while it
 * renders a page): data cache, theme, toasts.
 */
export function App({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <ThemedToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
