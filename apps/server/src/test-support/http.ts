import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Mailer, MailMessage } from '../mail/mailer.js';

/** Request options of a TestClient call. */
export interface CallOptions {
  headers?: Record<string, string>;
  /** Sent as is when a string or Buffer, as JSON otherwise. */
  body?: unknown;
  contentType?: string;
}

/** A browser-like client for `app.inject`: keeps the session cookie it was given or receives. */
export class TestClient {
  userId = '';
  email = '';

  constructor(
    readonly app: FastifyInstance,
    public cookie: string | undefined = undefined,
  ) {}

  /** Sends a request with the session cookie; remembers a new session cookie from the answer. */
  async call(method: string, url: string, options: CallOptions = {}): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookie) headers.cookie = this.cookie;
    let payload: string | Buffer | undefined;
    if (options.body !== undefined) {
      if (typeof options.body === 'string' || Buffer.isBuffer(options.body)) payload = options.body;
      else payload = JSON.stringify(options.body);
      headers['content-type'] ??= options.contentType ?? 'application/json';
    }
    const res = await this.app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(payload !== undefined ? { payload } : {}),
    });
    const setCookie = res.cookies.find((c) => c.name === 'mealplan_session');
    if (setCookie) this.cookie = setCookie.value ? `mealplan_session=${setCookie.value}` : undefined;
    return res;
  }

  get(url: string, headers: Record<string, string> = {}) {
    return this.call('GET', url, { headers });
  }

  post(url: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.call('POST', url, { body, headers });
  }

  put(url: string, body: unknown, headers: Record<string, string> = {}) {
    return this.call('PUT', url, { body, headers });
  }

  /** PATCH with an RFC 7386 merge patch. */
  patch(url: string, body: unknown, headers: Record<string, string> = {}) {
    return this.call('PATCH', url, { body, headers, contentType: 'application/merge-patch+json' });
  }

  delete(url: string, headers: Record<string, string> = {}) {
    return this.call('DELETE', url, { headers });
  }
}

/** Registers a user and returns a client signed in as them. */
export async function signUp(
  app: FastifyInstance,
  email: string,
  password = 'secret123',
): Promise<TestClient> {
  const client = new TestClient(app);
  const res = await client.post('/apx/auth/register', { email, password });
  if (res.statusCode !== 200) throw new Error(`register ${email}: ${res.statusCode} ${res.body}`);
  client.userId = (res.json() as { id: string }).id;
  client.email = email.toLowerCase();
  return client;
}

/**
 * `owner` invites `guest` (already signed up) as a co-planner and `guest` accepts through the
 * mailed link: `guest` then plans in `owner`'s account.
 */
export async function joinAsCoPlanner(
  owner: TestClient,
  guest: TestClient,
  mailer: { sent: MailMessage[] },
): Promise<void> {
  const invite = await owner.post('/api/coplanners', {
    email: guest.email,
    firstName: 'G',
    lastName: 'Uest',
  });
  if (invite.statusCode !== 200) throw new Error(`invite: ${invite.statusCode} ${invite.body}`);
  const id = new URL(
    linkPath(mailer.sent.at(-1)!.text, '/invitations/coplanner?'),
    'http://x',
  ).searchParams.get('id')!;
  const accepted = await guest.post(`/api/verifications/approve/${id}`);
  if (accepted.statusCode !== 200) throw new Error(`accept: ${accepted.statusCode} ${accepted.body}`);
}

/** A mailer that keeps messages in memory. */
export function memoryMailer(): Mailer & { sent: MailMessage[]; fail: boolean } {
  const mailer = {
    sent: [] as MailMessage[],
    fail: false,
    async send(message: MailMessage) {
      if (mailer.fail) throw new Error('SMTP down');
      mailer.sent.push(message);
    },
    close() {},
  };
  return mailer;
}

/** The path (and query) of the first link in `text` that contains `marker`. */
export function linkPath(text: string, marker: string): string {
  const match = new RegExp(`https?://[^\\s"<>]*${marker.replace(/[/?]/g, '\\$&')}[^\\s"<>]*`).exec(text);
  if (!match) throw new Error(`No ${marker} link in: ${text}`);
  const url = new URL(match[0]);
  return url.pathname + url.search;
}

/** A `fetch` that hands the request to `app.inject`, with `member`'s session cookie. */
export function injectFetch(app: FastifyInstance, member: TestClient): typeof fetch {
  return async (url, init = {}) => {
    const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
    if (member.cookie) headers.cookie = member.cookie;
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: String(url),
      headers,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    const answer = new Headers();
    for (const [name, value] of Object.entries(res.headers))
      if (value !== undefined) answer.set(name, String(value));
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : res.body, { status: res.statusCode, headers: answer });
  };
}
