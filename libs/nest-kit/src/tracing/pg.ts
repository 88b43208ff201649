import pg from 'pg';
import { trace } from '@opentelemetry/api';
import { inSpan, SpanKind } from './tracing.js';

let patched = false;

/** The statement's first keyword and, where simple, its table: enough to read a trace, no values. */
function summary(text: string): string {
  const match =
    /^\s*(select|insert\s+into|update|delete\s+from|with|begin|commit|rollback)\b(?:[\s\S]*?\b(?:from|into|update)\s+("?[\w.]+"?))?/i.exec(
      text,
    );
  if (!match) return 'query';
  return [match[1].toLowerCase().replace(/\s+/g, ' '), match[2]?.replace(/"/g, '')].filter(Boolean).join(' ');
}

/**
 * A client span per PostgreSQL query made inside a traced request (every pool: Drizzle, the scan
 * path's own pool, the index reader). Only the statement's kind and table are recorded, never its
 * text or parameters (they may carry secrets). Callback and streaming queries pass through as they are.
 */
export function traceDatabase(): void {
  if (patched) return;
  patched = true;
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config] = args;
    const streaming = typeof (config as { submit?: unknown } | null)?.submit === 'function';
    // outside a trace, or in one that is not sampled (nothing would be recorded), the query runs as is
    if (streaming || typeof args[args.length - 1] === 'function' || !trace.getActiveSpan()?.isRecording()) {
      return original.apply(this, args);
    }
    const text = typeof config === 'string' ? config : ((config as { text?: string } | null)?.text ?? '');
    return inSpan(
      `pg ${summary(text)}`,
      { kind: SpanKind.CLIENT, attributes: { 'db.system': 'postgresql' } },
      () => original.apply(this, args),
    );
  } as typeof pg.Client.prototype.query;
}
