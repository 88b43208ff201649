import { SMTPServer } from 'smtp-server';

/** A message as the SMTP server received it: the envelope's recipients and the raw RFC 5322 text. */
export interface Mail {
  to: string[];
  raw: string;
}

export interface Mailbox {
  /** Every message received so far, oldest first. */
  inbox: Mail[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on 127.0.0.1:`port` that keeps what it receives: tools/e2e.mjs points the stack's
 * SMTP_URL at E2E_SMTP_PORT, so the product's own mailer delivers here (no mock of the mailer).
 */
export async function startMailbox(port: number): Promise<Mailbox> {
  const inbox: Mail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return {
    inbox,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
