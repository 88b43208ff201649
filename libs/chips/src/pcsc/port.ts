/**
 * What `personalise` needs of a PC/SC stack (pcsc-lite, WinSCard): the readers, a card put on one, its
 * APDU exchange, and its removal. Adapters: the software NTAG 424 DNA (tests, CI, benchmarks) and
 * pyscard through a child process (tools/chip-cli/pcsc-bridge.ts).
 */
export interface CardChannel {
  readonly reader: string;
  /** one command APDU in, the response APDU (data ‖ SW1 SW2) out; PcscError when the card left */
  transmit(apdu: Uint8Array): Promise<Uint8Array>;
}

export type CardEvent = { type: 'present' | 'removed'; reader: string };

export interface PcscPort {
  readers(): Promise<string[]>;
  /** resolves with the card once one is on `reader` (at once when one is there) */
  waitForCard(reader: string, timeoutMs?: number): Promise<CardChannel>;
  /** resolves once `reader` holds no card */
  waitForRemoval(reader: string, timeoutMs?: number): Promise<void>;
  /** card present / removed events */
  onEvent(listener: (event: CardEvent) => void): () => void;
  close(): Promise<void>;
}

export type PcscErrorCode =
  | 'no-service'
  | 'no-reader'
  | 'unknown-reader'
  | 'no-card'
  | 'card-removed'
  | 'reader-busy'
  | 'reader-error'
  | 'timeout';

export class PcscError extends Error {
  constructor(
    readonly code: PcscErrorCode,
    message: string,
  ) {
    super(message);
  }
}
