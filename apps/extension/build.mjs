#!/usr/bin/env node
// Builds the extension: an unpacked directory Chromium can load (dist/unpacked) and a zip of it for the
// Chrome Web Store and for self-hosters (the server offers it at /downloads/mealplan-extension.zip).
//   node apps/extension/build.mjs [--out DIR] [--zip FILE]
// Each entry is bundled on its own, core included: the service worker and the popup as ES
// modules, the content script as a classic script (content scripts cannot be modules).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { writeZip } from './zip.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const argument = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index > 0 && process.argv[index + 1] ? path.resolve(process.argv[index + 1]) : fallback;
};
const outDir = argument('--out', path.join(here, 'dist/unpacked'));
const zipFile = argument('--zip', path.join(here, 'dist/mealplan-extension.zip'));
const coreSource = path.join(here, '../../packages/core/src/index.ts');

const entries = [
  { name: 'background', entry: 'src/background.ts', format: 'es' },
  { name: 'popup', entry: 'src/popup/popup.ts', format: 'es' },
  { name: 'token-listener', entry: 'src/token-listener.ts', format: 'iife' },
];

fs.rmSync(outDir, { recursive: true, force: true });
for (const { name, entry, format } of entries) {
  await build({
    root: here,
    configFile: false,
    logLevel: 'warn',
    publicDir: path.join(here, 'public'),
    resolve: { alias: [{ find: /^@mealplan\/core$/, replacement: coreSource }] },
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: name === 'background',
      target: 'chrome110',
      minify: true,
      sourcemap: false,
      lib: {
        entry: path.join(here, entry),
        formats: [format],
        name: 'mealplan',
        fileName: () => `${name}.js`,
      },
    },
  });
}

const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
const manifest = JSON.parse(fs.readFileSync(path.join(here, 'manifest.json'), 'utf8'));
manifest.version = pkg.version;
fs.writeFileSync(path.join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
fs.copyFileSync(path.join(here, 'popup.html'), path.join(outDir, 'popup.html'));
fs.copyFileSync(path.join(here, 'popup.css'), path.join(outDir, 'popup.css'));

fs.mkdirSync(path.dirname(zipFile), { recursive: true });
const size = writeZip(outDir, zipFile);
console.log(
  `Extension: ${path.relative(process.cwd(), outDir) || '.'} and ${path.relative(process.cwd(), zipFile)} (${(size / 1024).toFixed(0)} KiB)`,
);
