import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { createQueryClient } from '@/lib/query-client';
import { ThemeProvider, useTheme } from '@/lib/theme';
import { createRoutes } from './router';

// One cache for the page's life, shared by the routes' loaders and the pages.
const queryClient = createQueryClient();
const router = createBrowserRouter(createRoutes(queryClient));

function ThemedToaster() {
  const { resolved } = useTheme();
  // The spec shows one toast at a time. At the bottom they cover no control: the top
  // holds the theme toggle and Sign out, and no page keeps a control fixed at the bottom.
  return <Toaster theme={resolved} visibleToasts={1} richColors closeButton position="bottom-right" />;
}

/** Providers around the router: data cache, theme, toasts. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <RouterProvider router={router} />
        <ThemedToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
