import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const coreSource = fileURLToPath(new URL('../../packages/core/src/index.ts', import.meta.url));
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3001}`;

/**
 * The service worker (docs/ARCHITECTURE.md "Web data layer"): Workbox precaches the whole app shell
 * (every chunk, so lazily loaded pages open offline too) and answers navigations with index.html.
 * Of the API it caches only what an offline start needs and what cannot go stale:
 * - `/api/me` network first, the last 200 kept, so the signed-in gate opens offline (the page
 *   deletes the entry on sign-out; a 401 from the network is passed on, never the cached user);
 * - avatars, whose URLs carry their ETag, cache first.
 * Documents are never cached here: the sync engine keeps them in localStorage with their ETags.
 */
const pwa = VitePWA({
  strategies: 'generateSW',
  registerType: 'autoUpdate',
  injectRegister: false, // registered from src/data/pwa.ts once a user is signed in
  manifest: {
    id: '/',
    name: 'Mealplan',
    short_name: 'Mealplan',
    description: 'Plan your meals, keep your recipes and shop with a grocery list that works offline.',
    start_url: '/plan',
    scope: '/',
    display: 'standalone',
    theme_color: '#2f6b3f',
    background_color: '#fbfaf6',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon-180.png'],
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//, /^\/apx\//, /^\/downloads\//],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
    runtimeCaching: [
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname === '/api/me',
        handler: 'NetworkFirst',
        options: {
          cacheName: 'mealplan-me',
          networkTimeoutSeconds: 5,
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 1 },
        },
      },
      {
        urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/api\/avatar\/[^/]+\/[^/]+$/.test(url.pathname),
        handler: 'CacheFirst',
        options: {
          cacheName: 'mealplan-avatars',
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 50 },
        },
      },
    ],
  },
});

/** The web app bundles core from source, so a web build never waits for core's own build. */
export default defineConfig({
  plugins: [react(), pwa],
  resolve: { alias: [{ find: /^@mealplan\/core$/, replacement: coreSource }] },
  server: {
    port: 3000,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/apx': { target: apiTarget, changeOrigin: false },
    },
  },
  build: { target: 'es2022', sourcemap: true },
});
