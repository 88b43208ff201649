// A minimal HTTP/1.1 keep-alive client for load generation: one socket, one request in flight, the
// request bytes prepared by the caller. The load generator shares the 2-core machine with the system
// under test, and node:http's client (agent, IncomingMessage streams, header objects) cost about as
// much CPU per request as the server's whole scan; like wrk or autocannon, this parses only the status
// line and Content-Length. It is a benchmark tool: answers without Content-Length are refused.
import { connect, type Socket } from 'node:net';

export interface RawReply {
  status: number;
  body: string;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = /\r\ncontent-length:\s*(\d+)/i;

export class RawHttpConnection {
  private readonly socket: Socket;
  private buffered: Buffer = Buffer.alloc(0);
  private pending: { resolve: (reply: RawReply) => void; reject: (error: Error) => void } | undefined;
  private readonly ready: Promise<void>;

  constructor(host: string, port: number) {
    this.socket = connect({ host, port, noDelay: true });
    this.ready = new Promise((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('error', reject);
    });
    this.socket.on('data', (chunk: Buffer) => this.onData(chunk));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error('connection closed')));
  }

  /** Sends one complete request (head and body) and resolves with the answer. */
  async send(request: Buffer): Promise<RawReply> {
    await this.ready;
    if (this.pending) throw new Error('one request at a time');
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket.write(request);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private onData(chunk: Buffer): void {
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    const headEnd = this.buffered.indexOf(HEADER_END);
    if (headEnd < 0) return;
    const head = this.buffered.toString('latin1', 0, headEnd);
    const length = CONTENT_LENGTH.exec(head);
    if (!length) return this.fail(new Error('answer without Content-Length'));
    const bodyStart = headEnd + HEADER_END.length;
    const bodyEnd = bodyStart + Number(length[1]);
    if (this.buffered.length < bodyEnd) return;
    const reply = {
      status: Number(head.slice(9, 12)),
      body: this.buffered.toString('utf8', bodyStart, bodyEnd),
    };
    this.buffered = this.buffered.subarray(bodyEnd);
    const pending = this.pending;
    this.pending = undefined;
    pending?.resolve(reply);
  }

  private fail(error: Error): void {
    const pending = this.pending;
    this.pending = undefined;
    pending?.reject(error);
  }
}

/** A POST of a JSON body as one buffer, ready to send on a keep-alive connection. */
export function jsonPost(host: string, path: string, json: string): Buffer {
  const body = Buffer.from(json);
  return Buffer.concat([
    Buffer.from(
      `POST ${path} HTTP/1.1\r\nhost: ${host}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`,
    ),
    body,
  ]);
}
