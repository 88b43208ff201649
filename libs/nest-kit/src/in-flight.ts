/**
 * Handler executions in progress in this process (requests and events), so a stopping service can
 * finish what it took before closing its connections: graceful shutdown waits for `idle()`.
 */
class InFlight {
  private count = 0;
  private waiters: Array<() => void> = [];

  get size(): number {
    return this.count;
  }

  track<T>(work: () => T): T {
    this.count += 1;
    let result: T;
    try {
      result = work();
    } catch (error) {
      this.done();
      throw error;
    }
    if (result instanceof Promise) {
      return result.finally(() => this.done()) as T;
    }
    this.done();
    return result;
  }

  /** Resolves when nothing is in progress, or after `timeoutMs` (true when idle was reached). */
  idle(timeoutMs: number): Promise<boolean> {
    if (this.count === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== wake);
        resolve(false);
      }, timeoutMs);
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.waiters.push(wake);
    });
  }

  private done(): void {
    this.count -= 1;
    if (this.count === 0) for (const wake of this.waiters.splice(0)) wake();
  }
}

export const inFlight = new InFlight();
