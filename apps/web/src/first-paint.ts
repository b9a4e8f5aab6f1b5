/**
 * The first-paint script of the signed-in shells and the prerendered public pages
 * (docs/ARCHITECTURE.md "The agenda before the app"). Their HTML names this small script instead
 * of the app's, and it asks for the app's scripts once the page is on screen, so they never hold
 * up the first paint. On a first open of the plan it first takes the documents the server
 * preloaded and draws the agenda's days in view from them (agenda/first-paint.ts); the app then
 * takes the same answers (data/first-answers.ts).
 * On a slow phone the days show as soon as the documents are in, not after the app's 180 kB of
 * script and its first render.
 *
 * It never holds the app back for long: a page the service worker served (its stored copies draw
 * at once) starts the app straight away, a large account's documents download alongside it, and
 * documents that fail or take longer than `PAINT_WAIT_MS` start it without the agenda. It is
 * bundled on its own, without React (vite.config.ts).
 */
import { agendaDocuments, paintAgenda, showsAgendaList } from './agenda';
import { keepFirstAnswers, type FirstAnswer, type FirstAnswers } from './data';

/** The longest the app waits for the documents before it starts anyway. */
const PAINT_WAIT_MS = 1_500;

/**
 * Documents larger than this on the wire (a large account's) download alongside the app instead:
 * the app is not held back for them, and the agenda is drawn only if they come before it does.
 */
const LARGE_DOCUMENT_BYTES = 64 * 1024;

/** The documents the agenda is drawn from. */
const KINDS = ['agenda', 'recipes', 'notes'] as const;

const script = document.querySelector<HTMLScriptElement>('script[data-app]');
/** The app's entry first, then the modules it imports, as the build listed them. */
const appScripts = JSON.parse(script?.dataset['app'] ?? '[]') as string[];

let started = false;
/** Asks for the app's scripts, as the shell's HTML would have: its modules, then its entry. */
function startApp(): void {
  if (started) return;
  started = true;
  const [entry, ...modules] = appScripts;
  for (const href of modules) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  if (!entry) return;
  const app = document.createElement('script');
  app.type = 'module';
  app.crossOrigin = '';
  app.src = entry;
  app.addEventListener('error', showStartFailure);
  document.head.append(app);
}

/**
 * Says in words that the app cannot start when its scripts cannot be loaded (offline before the
 * service worker has them, or a server without this build's files): the skeleton would otherwise
 * stay for good. Reload tries again.
 */
function showStartFailure(): void {
  const main = document.getElementById('main');
  if (!main) return;
  const section = document.createElement('section');
  section.className = 'placeholder';
  section.setAttribute('role', 'alert');
  const title = document.createElement('h1');
  title.textContent = 'Mealplan could not start';
  const lede = document.createElement('p');
  lede.className = 'lede';
  lede.textContent = 'Some of its files could not be loaded. Check your connection, then reload the page.';
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'button primary';
  reload.textContent = 'Reload';
  reload.addEventListener('click', () => window.location.reload());
  section.append(title, lede, reload);
  main.replaceChildren(section);
}

/**
 * Resolves once what is drawn now is on screen: after the next frame (at once in a tab out of
 * sight, which gets no frames; at the latest after half a second, should it be put out of sight).
 */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') return resolve();
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 500);
  });
}

/** Starts the app once what was just drawn is on screen. */
function startAfterPaint(): void {
  void nextFrame().then(startApp);
}

/** A document's GET, as the data layer sends it, so it takes the server's preloaded answer. */
async function get(kind: string): Promise<FirstAnswer> {
  try {
    const response = await fetch(`/api/${kind}`, {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
    });
    const size = Number(response.headers.get('Content-Length') ?? Infinity);
    const large = !(size <= LARGE_DOCUMENT_BYTES);
    if (large) startApp();
    const text = await response.text();
    const answer: FirstAnswer = { status: response.status, etag: response.headers.get('ETag'), text };
    // The app's script requests go out before a large body is parsed, which takes the thread a while.
    if (large) await new Promise((resolve) => setTimeout(resolve, 0));
    if (response.ok) {
      try {
        answer.doc = JSON.parse(text) as unknown;
      } catch {
        // Left for the data layer, which reports an unreadable answer.
      }
    }
    return answer;
  } catch {
    return { status: 'network-error', etag: null, text: '' };
  }
}

/** The skeleton's panel body the agenda is drawn over, if the shell has one. */
function agendaSkeleton(): HTMLElement | null {
  return document.querySelector('.agenda-panel .panel-body > .skeleton-rows')?.parentElement ?? null;
}

/** Draws what it can and starts the app; anything unexpected only starts the app. */
function run(): void {
  if (navigator.serviceWorker?.controller) {
    startApp();
  } else if (!agendaSkeleton() || !showsAgendaList()) {
    startAfterPaint();
  } else {
    const answers: FirstAnswers = {};
    for (const kind of KINDS) answers[kind] = get(kind);
    keepFirstAnswers(answers);
    const timer = setTimeout(startApp, PAINT_WAIT_MS);
    // The shell is laid out and painted first, in the browser's own task; the agenda after it.
    void Promise.all([Promise.all(KINDS.map((kind) => answers[kind]!)), nextFrame()]).then(([got]) => {
      clearTimeout(timer);
      const documents = agendaDocuments(Object.fromEntries(got.map((answer, i) => [KINDS[i], answer.doc])));
      // Drawn only while the shell's skeleton is there (the app may have drawn its rows already),
      // and on screen (a phone's recipes page hides the agenda).
      const body = agendaSkeleton();
      try {
        const ok = got.every((answer) => answer.status === 200);
        if (documents && body && body.getClientRects().length > 0 && ok) paintAgenda(body, documents);
      } finally {
        startAfterPaint();
      }
    });
  }
}

try {
  run();
} catch {
  startApp();
}
