/**
 * The one error type services and the gateway exchange. `code` is stable and machine-readable,
 * `message` is what a user may see (the spec's texts where it has one), `status` the HTTP status.
 */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number = 400,
    /** Seconds until trying again makes sense (a 429's Retry-After), when known. */
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  toJSON(): RemoteErrorPayload {
    const payload: RemoteErrorPayload = { code: this.code, status: this.status, message: this.message };
    if (this.retryAfterS !== undefined) payload.retryAfterS = this.retryAfterS;
    return payload;
  }

  static notFound(message: string): AppError {
    return new AppError('not_found', message, 404);
  }

  static forbidden(message: string): AppError {
    return new AppError('forbidden', message, 403);
  }

  static unavailable(message: string): AppError {
    return new AppError('service_unavailable', message, 503);
  }
}

export interface RemoteErrorPayload {
  code: string;
  status: number;
  message: string;
  retryAfterS?: number;
}

export function isRemoteErrorPayload(value: unknown): value is RemoteErrorPayload {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.code === 'string' && typeof v.status === 'number' && typeof v.message === 'string';
}
