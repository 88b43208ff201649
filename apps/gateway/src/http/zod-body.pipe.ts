import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { AppError } from '@metatag/nest-kit';

/** Validation at the edge: the first problem becomes a 400 with a clear message. */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    const result = this.schema.safeParse(value ?? {});
    if (result.success) return result.data;
    const issue = result.error.issues[0];
    const field = issue?.path.length ? String(issue.path[0]) : undefined;
    const message =
      issue?.message && !issue.message.startsWith('Invalid input') ? issue.message : 'Invalid value';
    throw new AppError(
      'invalid_input',
      field && message === 'Invalid value' ? `Invalid value: ${field}` : message,
      400,
    );
  }
}
