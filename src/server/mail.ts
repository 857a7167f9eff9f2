import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';

/** Where mail goes: an SMTP server, or one `.eml` file per message in `outboxDir`. */
export interface MailConfig {
  smtpUrl: string | undefined;
  outboxDir: string;
  /** The From header; defaults to `Aisle <no-reply@localhost>`. */
  from?: string | undefined;
}

export interface MailMessage {
  to: string;
  subject: string;
  /** Plain text; keep lines short and ASCII so the `.eml` stays readable as is. */
  text: string;
  /** An HTML alternative of the same content (the message becomes multipart/alternative). */
  html?: string | undefined;
}

export interface Mailer {
  /** Sends one message; rejects when the SMTP server refuses it or the outbox cannot be written. */
  send(message: MailMessage): Promise<void>;
}

export const DEFAULT_MAIL_FROM = 'Aisle <no-reply@localhost>';

let sequence = 0;

function withoutEmptyHtml(message: MailMessage): MailMessage {
  if (message.html === undefined || message.html === '') {
    const { html: _none, ...rest } = message;
    return rest;
  }
  return message;
}

/**
 * A mailer over nodemailer. With `smtpUrl` messages go to that server; without,
 * each message is rendered to RFC 5322 text and written as one `.eml` file, named
 * so that files sort in the order they were sent.
 */
export function createMailer(config: MailConfig): Mailer {
  const from = config.from ?? DEFAULT_MAIL_FROM;
  // nodemailer loads with the first message: a process that sends none (a rebuild's API) never loads it.
  let transport: Promise<Transporter> | undefined;
  const transporter = () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      config.smtpUrl !== undefined
        ? nodemailer.createTransport(config.smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    );
    return transport;
  };
  if (config.smtpUrl !== undefined) {
    return {
      async send(message) {
        await (await transporter()).sendMail({ from, ...withoutEmptyHtml(message) });
      },
    };
  }
  return {
    async send(message) {
      const info = await (await transporter()).sendMail({ from, ...withoutEmptyHtml(message) });
      await mkdir(config.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      // The sequence keeps two messages of the same millisecond in sending order.
      sequence = (sequence + 1) % 1_000_000;
      const file = join(config.outboxDir, `${stamp}-${String(sequence).padStart(6, '0')}-${randomUUID()}.eml`);
      // `buffer: true` makes nodemailer hand back the whole message as one Buffer.
      await writeFile(file, info.message as Buffer, { flag: 'wx' });
    },
  };
}
