import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';

/** One e-mail. `link` is the action link in it, printed in the log when mail goes to the outbox. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  link: string;
}

/** Sends mail. Throws when the message could not be handed over. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** What the mailer logs with. */
export interface MailLog {
  info(obj: object, msg: string): void;
}

type TransportOptions = Parameters<typeof nodemailer.createTransport>[0];

/**
 * A nodemailer transport made on the first message: nodemailer is loaded then, not at start-up,
 * which most runs of the server never need it for (bench/README.md "server-start").
 */
function lazyTransport(options: () => TransportOptions) {
  let transport: Promise<Transporter> | undefined;
  return {
    get(): Promise<Transporter> {
      transport ??= import('nodemailer').then((nodemailer) => nodemailer.default.createTransport(options()));
      return transport;
    },
    close(): void {
      void transport?.then((t) => t.close());
    },
  };
}

/**
 * nodemailer over SMTP when `smtpUrl` is set; otherwise each message becomes an .eml file in
 * `$DATA_DIR/outbox/` (with a .json summary beside it: to, subject, link, text) and its link is logged, so password and invitation links work on a machine
 * with no mail server (ARCHITECTURE.md "Mail").
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: MailLog;
}): Mailer {
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    const transport = lazyTransport(() => smtpUrl);
    return {
      async send(message) {
        await (
          await transport.get()
        ).sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  const transport = lazyTransport(() => ({ streamTransport: true, buffer: true, newline: 'unix' }));
  return {
    async send(message) {
      const info = await (
        await transport.get()
      ).sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await fs.mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outbox, `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      // The .eml body is quoted-printable (long links are wrapped); the JSON beside it has them whole.
      const summary = { to: message.to, subject: message.subject, link: message.link, text: message.text };
      await fs.writeFile(file.replace(/\.eml$/, '.json'), `${JSON.stringify(summary, null, 2)}\n`);
      options.log.info(
        { mail: { to: message.to, subject: message.subject, file, link: message.link } },
        `Mail to ${message.to} written to ${file}; link: ${message.link}`,
      );
    },
    close: () => transport.close(),
  };
}
