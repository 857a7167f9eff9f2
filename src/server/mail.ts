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
  /** The Message-ID header (`<…@…>`); unset: nodemailer makes a random one. */
  messageId?: string | undefined;
  /** Files sent with it (the Delivered mail's tax invoices). */
  attachments?: MailAttachment[] | undefined;
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/**
 * The SMTP timeouts (nodemailer's): a server that accepts the connection and then says nothing, or
 * stalls mid-message, fails the try instead of holding the queue's claim (`MAIL_SEND_MAX_MS` in
 * `mail-queue.ts` is their sum).
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

export interface Mailer {
  /** Sends one message; rejects when the SMTP server refuses it or the outbox cannot be written. */
  send(message: MailMessage): Promise<void>;
}

export const DEFAULT_MAIL_FROM = 'Aisle <no-reply@localhost>';

let sequence = 0;

function withoutEmptyHtml(message: MailMessage): MailMessage {
  const { html, messageId, attachments, ...rest } = message;
  return {
    ...rest,
    ...(html === undefined || html === '' ? {} : { html }),
    ...(messageId === undefined ? {} : { messageId }),
    ...(attachments === undefined || attachments.length === 0 ? {} : { attachments }),
  };
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
        ? nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS })
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
