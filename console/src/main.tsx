import '@mantine/core/styles.css';
import '@mantine/dropzone/styles.css';
import './console.css';
import { type CSSVariablesResolver, createTheme, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './App';
import { ApiProblem } from './api';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not get better by asking again; a dropped connection may.
      retry: (count, error) => !(error instanceof ApiProblem && error.status < 500) && count < 2,
      refetchOnWindowFocus: false,
    },
  },
});

// Darker than Mantine's default blue so text on it and links on white pass WCAG AA contrast.
const theme = createTheme({ primaryColor: 'indigo', primaryShade: 8 });

// Mantine's dimmed grey (descriptions) and error red are below 4.5:1 on white; gray.7 and red.9 pass.
const resolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});

const root = document.getElementById('root');
if (root !== null) {
  createRoot(root).render(
    <StrictMode>
      <MantineProvider theme={theme} cssVariablesResolver={resolver}>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter basename="/console">
            <App />
          </BrowserRouter>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>,
  );
}
