import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import type * as PrerenderModule from './src/app/prerender';
import { PRERENDERED_PAGES, SHELL_MODULES, SIGNED_IN_SHELLS } from './src/app/prerender-pages.ts';

const webRoot = fileURLToPath(new URL('.', import.meta.url));
const coreSource = fileURLToPath(new URL('../../packages/core/src/index.ts', import.meta.url));
const alias = [{ find: /^@mealplan\/core$/, replacement: coreSource }];
// React Router's package exports its development build to every bundler (its warnings and checks
// included); a production build of the app takes the production build it ships beside it, which is
// smaller and does less at start (bench/README.md "lighthouse"). Tests and `vite dev` keep the
// development build and its warnings.
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);
const buildAlias = [...alias, { find: /^react-router$/, replacement: reactRouterProduction }];

/** Where prerendered pages are written, under the build's output directory (see apps/server's app.ts). */
const PRERENDER_DIR = 'prerendered';

/**
 * Prerenders the public pages of `src/app/prerender.tsx` after the client build: builds that module
 * for Node, renders each path into a copy of the built index.html, and links the page's own chunk
 * and stylesheet in its head, so the browser paints the page from the HTML and fetches the code in
 * parallel. The server sends `prerendered/<path>.html` for those paths, the plain index.html for all
 * others (and the service worker keeps answering navigations with the plain one).
 */
function prerenderPages(): Plugin {
  let outDir = '';
  let bundle: Rollup.OutputBundle | undefined;
  return {
    name: 'mealplan-prerender',
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, output) {
      bundle = output;
    },
    async closeBundle() {
      if (!bundle) return;
      // Inside node_modules so the bundle's bare imports (react, react-router) resolve; one directory
      // per build, since several builds may run at once in one tree.
      const ssrOut = path.join(webRoot, 'node_modules', `.mealplan-prerender-${process.pid}-${Date.now()}`);
      await build({
        configFile: false,
        root: webRoot,
        logLevel: 'warn',
        plugins: [react()],
        resolve: { alias: buildAlias },
        build: { ssr: 'src/app/prerender.tsx', outDir: ssrOut, emptyOutDir: true, target: 'node20' },
      });
      const entry = pathToFileURL(path.join(ssrOut, 'prerender.js')).href;
      try {
        await writePages(outDir, bundle, (await import(entry)) as typeof PrerenderModule);
      } finally {
        fs.rmSync(ssrOut, { recursive: true, force: true }); // after rendering: pages load lazily
      }
    },
  };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The file names of the signed-in shells (`/plan` -> `plan.html`), beside index.html; see `writePages`. */
const SHELL_MANIFEST = 'signed-in-shells.json';

/**
 * Renders each prerendered path into a copy of the built index.html, with its page's assets linked:
 * the public pages under `prerendered/`, the signed-in shells at the top of the build as
 * `<path>.html`, listed in `signed-in-shells.json` for the server (which sends them only to
 * requests with a session), and where the service worker's precache answers a navigation to
 * `/plan` with `/plan.html` (Workbox's `cleanURLs`), so a repeat visit paints the shell at once.
 */
async function writePages(
  outDir: string,
  bundle: Rollup.OutputBundle,
  { PRERENDERED_PAGES, SIGNED_IN_SHELLS, SHELL_MODULES, renderPage, pageTitle }: typeof PrerenderModule,
): Promise<void> {
  const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const entryChunk = chunks.find((chunk) => chunk.isEntry);
  const loaded = new Set([entryChunk?.fileName, ...(entryChunk?.imports ?? [])]);
  /** The stylesheet and modulepreload links of `modules`' chunks and their imports, the entry's left out. */
  const assetLinks = (modules: string[]) => {
    const links: string[] = [];
    const seen = new Set<string>();
    const visit = (chunk: Rollup.OutputChunk) => {
      if (seen.has(chunk.fileName) || loaded.has(chunk.fileName)) return;
      seen.add(chunk.fileName);
      for (const css of chunk.viteMetadata?.importedCss ?? []) {
        links.push(`<link rel="stylesheet" crossorigin href="/${css}">`);
      }
      links.push(`<link rel="modulepreload" crossorigin href="/${chunk.fileName}">`);
      for (const name of chunk.imports) {
        const next = chunks.find((c) => c.fileName === name);
        if (next) visit(next);
      }
    };
    for (const module of modules) {
      // A page's chunk, or the group chunk its module went into (`signedInChunks`).
      const id = path.join(webRoot, module);
      const chunk =
        chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
      if (!chunk) throw new Error(`prerender: no chunk for ${module}`);
      visit(chunk);
    }
    return links;
  };
  const render = async (pagePath: string, links: string[]) => {
    const markup = await renderPage(pagePath);
    const html = template
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(pageTitle(pagePath))}</title>`)
      .replace('<div id="root"></div>', `<div id="root">${markup}</div>`)
      .replace('</head>', `${links.join('')}</head>`);
    if (!html.includes(markup)) throw new Error('prerender: index.html has no empty <div id="root">');
    return html;
  };
  const write = (file: string, html: string) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, html);
  };

  // A public page loads none of the signed-in pages' chunks (`signedInChunks`), the entry included.
  const grouped = groupedModules();
  for (const chunk of chunks) {
    const signedInCode = chunk.moduleIds.find((id) => grouped.has(id));
    const publicChunk =
      chunk === entryChunk ||
      loaded.has(chunk.fileName) ||
      Object.values(PRERENDERED_PAGES).some(
        (page) => page && chunk.facadeModuleId === path.join(webRoot, page),
      );
    if (publicChunk && signedInCode) {
      throw new Error(`prerender: ${chunk.fileName}, which a public page loads, holds ${signedInCode}`);
    }
  }
  const firstPaint = await writeFirstPaintScript(outDir);
  for (const [pagePath, pageModule] of Object.entries(PRERENDERED_PAGES)) {
    const links = assetLinks(pageModule ? [pageModule] : []);
    const signedIn = links.find((link) =>
      [...new Set(grouped.values())].some((name) => link.includes(`/${name}-`)),
    );
    if (signedIn) throw new Error(`prerender: ${pagePath} would load a signed-in page's chunk: ${signedIn}`);
    // As a shell does, it paints from its HTML alone (its stylesheets inlined) and asks for its
    // scripts once painted, through the first-paint script (which draws nothing on these pages).
    const html = inlineStylesheets(deferAppScripts(await render(pagePath, links), firstPaint), outDir);
    write(path.join(outDir, PRERENDER_DIR, `${pagePath === '/' ? 'index' : pagePath.slice(1)}.html`), html);
  }
  // A shell is built the same way, and lists the gate's, the navigation's and the page's chunks
  // with the entry instead of after it.
  // A shell does not load zod: the schemas validate forms and the extension's scraped list, loaded
  // when first used, and the modules every page needs (core's caps, new documents) are kept apart
  // from them (docs/ARCHITECTURE.md "The signed-in shell").
  const zodChunks = chunks.filter((chunk) =>
    chunk.moduleIds.some((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id)),
  );
  const shells: Record<string, string> = {};
  for (const [pagePath, pageModule] of Object.entries(SIGNED_IN_SHELLS)) {
    const file = `${pagePath.slice(1)}.html`;
    const links = assetLinks([...SHELL_MODULES, pageModule]);
    const zod = zodChunks.find((chunk) => links.some((link) => link.includes(`/${chunk.fileName}"`)));
    if (zod) throw new Error(`prerender: ${pagePath} would load zod (in ${zod.fileName}) before it is drawn`);
    const html = await render(pagePath, links);
    write(path.join(outDir, file), inlineStylesheets(deferAppScripts(html, firstPaint), outDir));
    shells[pagePath] = file;
  }
  fs.writeFileSync(path.join(outDir, SHELL_MANIFEST), JSON.stringify(shells, null, 2) + '\n');
}

/**
 * Bundles the first-paint script (src/first-paint.ts) on its own into `assets/`, named by its
 * content, and returns its URL. It holds no React: the build fails if it grows past a few kB, which
 * would mean it took in the app's code (docs/ARCHITECTURE.md "The agenda before the app").
 */
async function writeFirstPaintScript(outDir: string): Promise<string> {
  const { build: bundle } = await import('esbuild');
  const result = await bundle({
    entryPoints: [path.join(webRoot, 'src/first-paint.ts')],
    bundle: true,
    format: 'esm',
    minify: true,
    target: 'es2022',
    write: false,
    alias: { '@mealplan/core': coreSource },
    loader: { '.css': 'empty' },
    jsx: 'automatic',
    logLevel: 'silent',
    // A source map beside it, linked at the end, as Vite writes the app's (bench/lcp-profile.ts
    // reads them to name the code that ran).
    sourcemap: 'external',
    outfile: 'first-paint.js',
  });
  const output = (suffix: string) => result.outputFiles.find((file) => file.path.endsWith(suffix))!;
  const code = output('.js').contents;
  if (code.length > 12_000) {
    throw new Error(`prerender: the first-paint script is ${code.length} bytes: it took in the app's code`);
  }
  const name = `assets/first-paint-${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
  const mapName = `${path.basename(name)}.map`;
  fs.writeFileSync(path.join(outDir, name), `${output('.js').text}//# sourceMappingURL=${mapName}\n`);
  fs.writeFileSync(path.join(outDir, `${name}.map`), output('.js.map').text);
  return `/${name}`;
}

/**
 * A prerendered page (a shell or a public page) that names the first-paint script instead of the
 * app's: the app's entry and its modulepreloads move into the script's `data-app` list, which it
 * asks for once the page (and on the plan, the agenda) is on screen. The page paints from its HTML
 * and styles alone, so the script is fetched at low priority: it takes no bandwidth from the page
 * on a slow link, and Lighthouse's simulation, which counts a high-priority script started before
 * the first paint as render-blocking, does not wait for it.
 */
function deferAppScripts(html: string, firstPaint: string): string {
  const scripts: string[] = [];
  let entry: string | undefined;
  const rest = html
    .replace(/<script type="module"[^>]* src="([^"]+)"><\/script>/, (_tag, src: string) => {
      entry = src;
      return '<!--first-paint-->';
    })
    .replace(/<link rel="modulepreload"[^>]* href="([^"]+)">/g, (_tag, href: string) => {
      scripts.push(href);
      return '';
    });
  if (!entry) throw new Error("prerender: a shell without the app's entry script");
  const list = JSON.stringify([entry, ...scripts]).replace(/"/g, '&quot;');
  return rest.replace(
    '<!--first-paint-->',
    `<script type="module" fetchpriority="low" crossorigin src="${firstPaint}" data-app="${list}"></script>`,
  );
}

/** A stylesheet link as the build writes it (index.html's and `writePages`' own). */
const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g;

/**
 * Puts the content of every stylesheet a signed-in shell links into the shell itself, each as a
 * `<style>` where its link was, so the browser paints the frame without waiting for a stylesheet
 * to come over the network (one round trip less on a slow link; the server sends the shell only
 * with a session, and the service worker precaches it like any other file). The whole files are
 * inlined, not a subset, so nothing moves when the page takes over (docs/ARCHITECTURE.md "The
 * signed-in shell"). Each `<style>` is followed by a `disabled` link to its file, which the browser
 * does not fetch: Vite's loader adds a lazy chunk's stylesheet unless the document already has a
 * `link rel="stylesheet"` to it, and the page's chunk lists the page's stylesheet, so without it
 * the page would fetch the styles it already has, and wait for them, before it draws.
 */
function inlineStylesheets(html: string, outDir: string): string {
  return html.replace(STYLESHEET_LINK, (_link, file: string) => {
    const css = fs.readFileSync(path.join(outDir, file), 'utf8');
    if (/<\/style/i.test(css)) throw new Error(`prerender: ${file} cannot be inlined (it holds "</style")`);
    return `<style data-href="/${file}">${css}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`;
  });
}

/** The modules `roots` import, statically or with `import()`, themselves included. */
function reachable(roots: string[], info: (id: string) => Rollup.ModuleInfo | null): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const module = info(id);
    if (module) stack.push(...module.importedIds, ...module.dynamicallyImportedIds);
  }
  return seen;
}

/** The names `code` imports or re-exports by name, or `undefined` if it takes a whole namespace. */
function importedNames(code: string): Set<string> | undefined {
  if (/\b(import|export)\s*\*/.test(code)) return undefined;
  const names = new Set<string>();
  for (const [, list] of code.matchAll(/\b(?:import|export)\s*\{([^}]*)\}\s*from\b/g)) {
    for (const item of list!.split(',')) {
      const name = item.trim().split(/\s+as\s+/)[0];
      if (name) names.add(name);
    }
  }
  if (/\bimport\s+[\w$]+\s*(?:,|from\b)/.test(code)) names.add('default');
  return names;
}

/**
 * For a module that only re-exports (`export { a, b } from './x'`, `export * from './y'`), each
 * module it re-exports from and the names it takes from there; `undefined` for any other module.
 */
function reexportsOf(
  module: Rollup.ModuleInfo | null,
  info: (id: string) => Rollup.ModuleInfo | null,
): Map<string, string[]> | undefined {
  const code = module?.code?.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '');
  if (!module || code === undefined) return undefined;
  const statement = /export\s*(\*|\{[^}]*\})\s*from\s*["']([^"']+)["']\s*;?/g;
  if (code.replace(statement, '').trim() !== '') return undefined;
  const targets = new Map<string, string[]>();
  for (const [, what, specifier] of code.matchAll(statement)) {
    const withoutExtension = (file: string) => file.replace(/\.[cm]?[jt]sx?$/, '');
    const wanted = withoutExtension(path.resolve(path.dirname(module.id), specifier!));
    const target = module.importedIds.find(
      (id) => withoutExtension(id) === wanted || withoutExtension(id) === `${wanted}/index`,
    );
    if (!target) return undefined;
    const names =
      what === '*'
        ? (info(target)?.exports ?? [])
        : what!
            .slice(1, -1)
            .split(',')
            .map((item) =>
              item
                .trim()
                .split(/\s+as\s+/)
                .pop()!,
            )
            .filter(Boolean);
    targets.set(target, [...(targets.get(target) ?? []), ...names]);
  }
  return targets;
}

/** The modules `signedInChunks` put into its chunks, and the chunk of each (after a build). */
let groupedModules: () => Map<string, string> = () => new Map();

/**
 * Groups the code a signed-in shell loads into a few chunks (docs/ARCHITECTURE.md "The signed-in
 * shell"). Left to itself the bundler makes a chunk of every set of modules shared by a different
 * set of lazy chunks, and a signed-in page needed about twenty of them before it could draw, each
 * a request of its own (six at a time over HTTP/1.1, each waiting a round trip on a slow link).
 * Here the modules the signed-in gate and the navigation import, and that neither the entry nor a
 * public page imports, make one chunk (`signed-in`); and the modules only one signed-in page
 * imports (its own code, and what it shares with its lazy modals) make that page's chunk. So a
 * public page or the entry loads nothing more than before, and a signed-in page no code of another.
 * What several of these share stays where the bundler puts it.
 */
function signedInChunks(): NonNullable<Rollup.OutputOptions['codeSplitting']> {
  const moduleId = (file: string) => path.join(webRoot, file);
  let owner: Map<string, string> | undefined;
  groupedModules = () => owner ?? new Map();
  /**
   * The modules statically imported by `roots`, themselves included. Folder entries that only
   * re-export (`src/account/index.ts`, core's index) are followed only to the modules whose exports
   * the importer asks for, as the bundler's tree-shaking does: through them a public page would
   * otherwise seem to import most of the app.
   */
  const closure = (roots: string[], info: (id: string) => Rollup.ModuleInfo | null) => {
    const seen = new Set<string>();
    /** The names already followed through each folder entry. */
    const followed = new Map<string, Set<string>>();
    const stack: [string, Set<string> | undefined][] = roots.map((id) => [id, undefined]);
    while (stack.length > 0) {
      const [id, names] = stack.pop()!;
      const module = info(id);
      if (!module) continue;
      const reexports = reexportsOf(module, info);
      if (reexports && names) {
        const done = followed.get(id) ?? new Set<string>();
        followed.set(id, done);
        const fresh = new Set([...names].filter((name) => !done.has(name)));
        if (fresh.size === 0) continue;
        for (const name of fresh) done.add(name);
        seen.add(id);
        for (const [target, targetNames] of reexports) {
          // `export *` from another folder entry: its names are not listed, so pass them all on.
          const asked = targetNames.length > 0 ? targetNames.filter((name) => fresh.has(name)) : [...fresh];
          if (asked.length > 0) stack.push([target, new Set(asked)]);
        }
        continue;
      }
      if (seen.has(id)) continue;
      seen.add(id);
      const asked = importedNames(module.code ?? '');
      for (const imported of module.importedIds) stack.push([imported, asked]);
    }
    return seen;
  };
  return {
    groups: [
      {
        debugName: 'signed-in pages',
        name(id, ctx) {
          if (!owner) {
            const info = (module: string) => ctx.getModuleInfo(module);
            const pages = [...new Set(Object.values(SIGNED_IN_SHELLS))].map(moduleId);
            const publicCode = closure(
              [
                moduleId('src/main.tsx'),
                ...Object.values(PRERENDERED_PAGES).flatMap((page) => (page ? [moduleId(page)] : [])),
              ],
              info,
            );
            const shellCode = closure(SHELL_MODULES.map(moduleId), info);
            // Every chunk loaded with `import()`: the pages, their modals, the lazy dialogs.
            const lazyRoots = [...reachable([moduleId('src/main.tsx')], info)].filter(
              (module) => (info(module)?.dynamicImporters.length ?? 0) > 0,
            );
            owner = new Map();
            for (const module of shellCode) if (!publicCode.has(module)) owner.set(module, 'signed-in');
            const families = new Map(pages.map((page) => [page, reachable([page], info)]));
            const sharedFamily = reachable(
              [
                ...SHELL_MODULES.map(moduleId),
                ...Object.values(PRERENDERED_PAGES).flatMap((page) => (page ? [moduleId(page)] : [])),
              ],
              info,
            );
            for (const page of pages) {
              // A page's group leaves out what is imported by another page, by a lazy chunk this
              // page never loads, or by one another page or the shell may load too (a dialog both
              // the plan and the grocery list open), so no other page loads this page's code.
              const own = (root: string) =>
                root === page ||
                (families.get(page)!.has(root) &&
                  !sharedFamily.has(root) &&
                  [...families].every(([other, family]) => other === page || !family.has(root)));
              const elsewhere = closure(
                lazyRoots.filter((root) => !own(root)),
                info,
              );
              for (const module of closure([page], info)) {
                if (publicCode.has(module) || shellCode.has(module) || elsewhere.has(module)) continue;
                owner.set(module, path.basename(page, path.extname(page)));
              }
            }
          }
          // A module loaded with `import()` keeps the chunk the bundler made for it (Rolldown 1.2
          // leaves that chunk exporting a namespace it no longer defines when a group takes it).
          if (ctx.getModuleInfo(id)?.dynamicImporters.length) return null;
          return owner.get(id) ?? null;
        },
      },
    ],
    // A group's modules' imports are public code, or the group's own: they stay where they are.
    includeDependenciesRecursively: false,
  };
}

const apiTarget = `http://localhost:${process.env.API_PORT ?? 3001}`;

/**
 * The service worker (docs/ARCHITECTURE.md "Web data layer"): Workbox precaches the whole app shell
 * (every chunk, so lazily loaded pages open offline too) and answers navigations with index.html,
 * except those to a signed-in route, which its precache answers with the route's prerendered shell
 * (`/plan` -> `/plan.html`, Workbox's `cleanURLs`), painted before any script runs. The worker is
 * registered only once a user is signed in; a signed-out visitor it serves is sent to /login by the
 * signed-in gate, as from the plain index.html (docs/ARCHITECTURE.md "The signed-in shell").
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
    globIgnores: [`${PRERENDER_DIR}/**`],
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
      {
        // Recipe photos never change under their id (docs/DOCUMENTS.md "Photos"): the ones shown stay
        // viewable offline. Thumbnails are ~5 KB and display sizes ~100 KB, so the caps keep the
        // cache near 5 MB + 6 MB; the least recently used go first.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/api\/photos\/[^/]+\/thumb$/.test(url.pathname),
        handler: 'CacheFirst',
        options: {
          cacheName: 'mealplan-photo-thumbs',
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 1000, purgeOnQuotaError: true },
        },
      },
      {
        urlPattern: ({ url, sameOrigin }) =>
          sameOrigin && /^\/api\/photos\/[^/]+\/display$/.test(url.pathname),
        handler: 'CacheFirst',
        options: {
          cacheName: 'mealplan-photos',
          cacheableResponse: { statuses: [200] },
          expiration: { maxEntries: 60, purgeOnQuotaError: true },
        },
      },
    ],
  },
});

/** The web app bundles core from source, so a web build never waits for core's own build. */
export default defineConfig(({ command }) => ({
  plugins: [react(), pwa, prerenderPages()],
  resolve: { alias: command === 'build' ? buildAlias : alias },
  server: {
    port: 3000,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/apx': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: { output: { codeSplitting: signedInChunks() } },
  },
}));
