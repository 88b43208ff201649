import { PcscError, type CardChannel, type CardEvent, type PcscPort } from './port.js';

/** A card the software reader can hold: anything that answers APDUs (the software NTAG 424 DNA). */
export interface SoftwareCard {
  transmit(apdu: Uint8Array): Promise<Uint8Array>;
}

/**
 * A PC/SC stack in memory: named readers a test puts cards on and takes them off, with the events a
 * real stack raises. `removeAfter(n)` pulls the card after n more APDUs (an interrupted write).
 */
export class SoftwarePcsc implements PcscPort {
  private readonly slots = new Map<string, SoftwareCard | undefined>();
  private readonly listeners = new Set<(event: CardEvent) => void>();
  private readonly waiters = new Set<() => void>();
  private cutAfter = new Map<string, number>();

  constructor(readonly names: string[] = ['MetaTag Software Reader 0']) {
    for (const name of names) this.slots.set(name, undefined);
  }

  async readers(): Promise<string[]> {
    return [...this.slots.keys()];
  }

  present(card: SoftwareCard, reader = this.names[0]): void {
    if (!this.slots.has(reader)) throw new PcscError('unknown-reader', `no reader named ${reader}`);
    this.slots.set(reader, card);
    this.emit({ type: 'present', reader });
  }

  remove(reader = this.names[0]): void {
    if (this.slots.get(reader) === undefined) return;
    this.slots.set(reader, undefined);
    this.emit({ type: 'removed', reader });
  }

  removeAfter(apdus: number, reader = this.names[0]): void {
    this.cutAfter.set(reader, apdus);
  }

  onEvent(listener: (event: CardEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: CardEvent): void {
    for (const l of this.listeners) l(event);
    for (const w of [...this.waiters]) w();
  }

  private until(test: () => boolean, timeoutMs: number, what: string): Promise<void> {
    if (test()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!test()) return;
        this.waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new PcscError('timeout', what));
      }, timeoutMs);
      this.waiters.add(check);
    });
  }

  async waitForCard(reader: string, timeoutMs = 60_000): Promise<CardChannel> {
    if (!this.slots.has(reader)) throw new PcscError('unknown-reader', `no reader named ${reader}`);
    await this.until(() => this.slots.get(reader) !== undefined, timeoutMs, `no card on ${reader}`);
    const card = this.slots.get(reader)!;
    return {
      reader,
      transmit: async (apdu) => {
        const left = this.cutAfter.get(reader);
        if (left !== undefined) {
          if (left <= 0) {
            this.cutAfter.delete(reader);
            this.remove(reader);
          } else this.cutAfter.set(reader, left - 1);
        }
        if (this.slots.get(reader) !== card) throw new PcscError('card-removed', `the card left ${reader}`);
        return card.transmit(apdu);
      },
    };
  }

  async waitForRemoval(reader: string, timeoutMs = 60_000): Promise<void> {
    await this.until(() => this.slots.get(reader) === undefined, timeoutMs, `the card stays on ${reader}`);
  }

  async close(): Promise<void> {
    this.waiters.clear();
  }
}
