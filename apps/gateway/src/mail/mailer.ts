import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { RenderedEmail } from './nft-email.js';

export interface OutgoingMail extends RenderedEmail {
  to: string;
}

export interface KeptMail {
  name: string;
  at: string;
  size: number;
}

/** Sends an email; resolves with where it went (the SMTP server's answer or the kept file). */
export interface Mailer {
  readonly kind: 'smtp' | 'files';
  send(mail: OutgoingMail): Promise<string>;
  /** Files mode: the kept messages, newest first (SMTP mode: none). */
  list(limit: number): Promise<KeptMail[]>;
  read(name: string): Promise<string | undefined>;
}

const EML_NAME = /^[0-9]{13}-[0-9a-f]{12}\.eml$/;

/**
 * nodemailer over SMTP_URL; without it, each message is built by nodemailer's own MIME composer
 * (stream transport) and kept as an .eml file, so the standalone stack loses no email.
 */
export function createMailer(config: { SMTP_URL?: string; MAIL_FROM: string; MAIL_DIR?: string }): Mailer {
  const from = config.MAIL_FROM;
  if (config.SMTP_URL) {
    // bounded well inside the 120 s lease of a claimed shop email or redemption notice (decisions 105,
    // 112): a hung server fails the attempt instead of outliving the lease (another gateway would
    // claim the email again and the buyer could get it twice); the URL's own settings win
    const transport = nodemailer.createTransport({
      url: config.SMTP_URL,
      connectionTimeout: 20_000,
      greetingTimeout: 20_000,
      socketTimeout: 60_000,
    });
    return {
      kind: 'smtp',
      async send(mail) {
        const info = await transport.sendMail({ from, ...mail });
        return `smtp ${info.response}`;
      },
      list: async () => [],
      read: async () => undefined,
    };
  }
  const dir = config.MAIL_DIR ?? '.data/mail';
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'files',
    async send(mail) {
      const info = await composer.sendMail({ from, ...mail });
      await mkdir(dir, { recursive: true });
      const name = `${Date.now()}-${randomBytes(6).toString('hex')}.eml`;
      await writeFile(join(dir, name), info.message as Buffer, { mode: 0o600 });
      return `kept as ${name}`;
    },
    async list(limit) {
      const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => EML_NAME.test(n));
      names.sort().reverse();
      return Promise.all(
        names.slice(0, limit).map(async (name) => {
          const info = await stat(join(dir, name));
          return { name, at: new Date(Number(name.slice(0, 13))).toISOString(), size: info.size };
        }),
      );
    },
    async read(name) {
      if (!EML_NAME.test(name)) return undefined;
      return readFile(join(dir, name), 'utf8').catch(() => undefined);
    },
  };
}
