import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createTestApp } from '../test-support/backends.js';
import { recipe } from '../test-support/fixtures.js';
import { signUp, TestClient } from '../test-support/http.js';

const PUBLIC_URL = 'https://meals.example.org';
const UPDATED = '2026-03-01T09:00:00.000Z';

interface FeedEvent {
  uid: string;
  summary: string;
  description: string;
  start: string;
  allDay: boolean;
  url: string;
}

/** The events of an iCalendar text, read by ical.js (not by the library that wrote it). */
function events(text: string): FeedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      start: event.startDate.toString(),
      allDay: event.startDate.isDate,
      url: String(component.getFirstPropertyValue('url')),
    };
  });
}

/** Replaces a whole document of the signed-in user's account. */
async function put(client: TestClient, kind: string, body: unknown): Promise<void> {
  const current = await client.get(`/api/${kind}`);
  const res = await client.put(`/api/${kind}`, body, { 'if-match': current.headers.etag as string });
  expect(res.statusCode, res.body).toBe(200);
}

async function createLink(client: TestClient): Promise<{ url: string; webcalUrl: string; path: string }> {
  const res = await client.post('/api/calendar-feed', {});
  expect(res.statusCode, res.body).toBe(200);
  const link = res.json() as { url: string; webcalUrl: string };
  return { ...link, path: new URL(link.url).pathname };
}

describe.each(backends)('calendar feed on %s', (dialect) => {
  const clock = new Date('2026-03-10T12:00:00.000Z');
  const log: string[] = [];
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let ann: TestClient;
  let bob: TestClient;
  let anonymous: TestClient;

  beforeAll(async () => {
    ctx = await createTestApp(
      dialect,
      { publicUrl: PUBLIC_URL, logLevel: 'debug' },
      { now: () => clock, logStream: { write: (line: string) => void log.push(line) } },
    );
    ann = await signUp(ctx.app, 'ann@example.com');
    bob = await signUp(ctx.app, 'bob@example.com');
    anonymous = new TestClient(ctx.app);
    const recipes = (await ann.get('/api/recipes')).json() as { categories: unknown };
    await put(ann, 'recipes', {
      categories: recipes.categories,
      recipes: {
        r1: recipe('r1', { name: 'Lemon chicken' }),
        r2: recipe('r2', { name: 'Tomato soup', mealType: 'lunch' }),
        r3: recipe('r3', { name: 'Old stew' }),
      },
    });
    await put(ann, 'agenda', {
      hash: 'h1',
      days: {
        '2026-03-12': { id: '2026-03-12', updatedAt: UPDATED, dinner: 'r1', lunch: 'r2' },
        '2026-03-13': { id: '2026-03-13', updatedAt: UPDATED, quickDinner: 'Leftovers, reheated' },
        // Outside the window: more than 30 days ago, more than a year ahead.
        '2026-02-01': { id: '2026-02-01', updatedAt: UPDATED, dinner: 'r3' },
        '2027-03-20': { id: '2027-03-20', updatedAt: UPDATED, dinner: 'r3' },
      },
    });
    await put(ann, 'notes', { notes: { '2026-03-12': 'Guests at 7; bring wine' } });
  });
  afterAll(() => ctx.close());

  it('needs a session to make, read or revoke the link', async () => {
    expect((await anonymous.get('/api/calendar-feed')).statusCode).toBe(401);
    expect((await anonymous.post('/api/calendar-feed', {})).statusCode).toBe(401);
    expect((await anonymous.delete('/api/calendar-feed')).statusCode).toBe(401);
    expect((await ann.get('/api/calendar-feed')).json()).toEqual({ active: false });
  });

  it('serves the agenda as all-day events with the note, a link back and stable UIDs', async () => {
    const link = await createLink(ann);
    expect(link.url).toMatch(/^https:\/\/meals\.example\.org\/api\/calendar\/mpc_[\w-]{43}\.ics$/);
    expect(link.webcalUrl).toBe(link.url.replace('https://', 'webcal://'));
    const status = (await ann.get('/api/calendar-feed')).json() as { active: boolean; createdAt: string };
    expect(status).toEqual({ active: true, createdAt: clock.toISOString() });

    const res = await anonymous.get(link.path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers.etag).toMatch(/^".+"$/);
    const feed = events(res.body);
    expect(feed.map((e) => [e.start, e.summary])).toEqual([
      ['2026-03-12', 'Lunch: Tomato soup'],
      ['2026-03-12', 'Dinner: Lemon chicken'],
      ['2026-03-13', 'Dinner: Leftovers, reheated'],
    ]);
    expect(feed.every((e) => e.allDay)).toBe(true);
    expect(feed.every((e) => e.url === `${PUBLIC_URL}/plan`)).toBe(true);
    expect(feed[1]!.description).toBe(`Guests at 7; bring wine\n\nOpen in Mealplan: ${PUBLIC_URL}/plan`);
    expect(feed[2]!.description).toBe(`Open in Mealplan: ${PUBLIC_URL}/plan`);
    expect(new Set(feed.map((e) => e.uid)).size).toBe(3);

    // Fetched again, and after an edit of the day: the same UIDs, so calendars update in place.
    const again = events((await anonymous.get(link.path)).body);
    expect(again.map((e) => e.uid)).toEqual(feed.map((e) => e.uid));
    const recipes = (await ann.get('/api/recipes')).json() as { recipes: Record<string, object> };
    await put(ann, 'recipes', {
      ...recipes,
      recipes: { ...recipes.recipes, r1: recipe('r1', { name: 'Lemon chicken with thyme' }) },
    });
    const edited = events((await anonymous.get(link.path)).body);
    expect(edited[1]).toMatchObject({ uid: feed[1]!.uid, summary: 'Dinner: Lemon chicken with thyme' });
  });

  it('answers 304 while the documents and the day stand, and 200 after any of them changes', async () => {
    const { path } = await createLink(ann);
    const first = await anonymous.get(path);
    const etag = first.headers.etag as string;
    const cached = await anonymous.get(path, { 'if-none-match': etag });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
    await put(ann, 'notes', { notes: { '2026-03-12': 'Guests at 8' } });
    const changed = await anonymous.get(path, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(events(changed.body)[0]!.description).toContain('Guests at 8');
    const today = new Date(clock);
    clock.setUTCDate(clock.getUTCDate() + 1);
    const nextDay = await anonymous.get(path, { 'if-none-match': changed.headers.etag as string });
    clock.setTime(today.getTime());
    expect(nextDay.statusCode).toBe(200);
  });

  it('a new link replaces the old one, and a revoked or unknown link is a 404', async () => {
    const old = await createLink(ann);
    const current = await createLink(ann);
    expect(current.path).not.toBe(old.path);
    expect((await anonymous.get(old.path)).statusCode).toBe(404);
    expect((await anonymous.get(current.path)).statusCode).toBe(200);

    expect((await ann.delete('/api/calendar-feed')).statusCode).toBe(204);
    const revoked = await anonymous.get(current.path);
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await ann.get('/api/calendar-feed')).json()).toEqual({ active: false });
    expect((await anonymous.get('/api/calendar/mpc_unknown.ics')).statusCode).toBe(404);
    expect((await anonymous.get(current.path.replace('.ics', ''))).statusCode).toBe(404);
  });

  it("another account's link shows that account's agenda only", async () => {
    await createLink(ann);
    const bobs = await createLink(bob);
    const res = await anonymous.get(bobs.path);
    expect(res.statusCode).toBe(200);
    expect(events(res.body)).toEqual([]);
    expect(res.body).not.toMatch(/Lemon|Guests|Leftovers/);
  });

  it('the session cookie is no way into the feed, and the token opens nothing else', async () => {
    const { path } = await createLink(ann);
    const token = path.split('/').pop()!.replace('.ics', '');
    const withBearer = await anonymous.get('/api/agenda', { authorization: `Bearer ${token}` });
    expect(withBearer.statusCode).toBe(401);
    const asCookie = await anonymous.get('/api/me', { cookie: `mealplan_session=${token}` });
    expect(asCookie.statusCode).toBe(401);
  });

  it('changing the password revokes the link', async () => {
    const { path } = await createLink(ann);
    const res = await ann.post('/api/auth/change-password', {
      currentPassword: 'secret123',
      password: 'secret1234',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await anonymous.get(path)).statusCode).toBe(404);
  });

  it('the token appears neither in GET /api/me nor in the log', async () => {
    const { path } = await createLink(ann);
    const token = path.split('/').pop()!.replace('.ics', '');
    expect((await anonymous.get(path)).statusCode).toBe(200);
    expect((await anonymous.get(path.replace('mpc_', 'mpc_x'))).statusCode).toBe(404);
    expect((await ann.get('/api/me')).body).not.toContain(token);
    expect((await ann.get('/api/calendar-feed')).body).not.toContain(token);
    const logged = log.join('');
    expect(logged).toContain('/api/calendar/[redacted].ics');
    expect(logged).not.toContain(token);
    expect(logged).not.toMatch(/mpc_/);
  });
});
