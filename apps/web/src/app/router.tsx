import { createBrowserRouter, Navigate } from 'react-router';
import { Layout } from './Layout';
import { ROUTES } from './routes';

/**
 * Every page is loaded lazily, so the landing page ships only what it needs.
 * Pages not built yet render a placeholder that names them; later work replaces them one by one.
 */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('../landing/LandingPage')).LandingPage }),
      },
      ...ROUTES.map((route) => ({
        path: route.path,
        lazy: async () => {
          const { PlaceholderPage } = await import('../pages/PlaceholderPage');
          return { Component: () => <PlaceholderPage title={route.title} /> };
        },
      })),
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
]);
