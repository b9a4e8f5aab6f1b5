import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const coreSource = fileURLToPath(new URL('../../packages/core/src/index.ts', import.meta.url));
const apiTarget = `http://localhost:${process.env.API_PORT ?? 3001}`;

/** The web app bundles core from source, so a web build never waits for core's own build. */
export default defineConfig({
  plugins: [react()],
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
