import { Controller, Get, HttpCode, Res } from '@nestjs/common';
import type { Response } from 'express';
import { Public } from '../access/access.decorators.js';
import { ReadinessService, type Readiness } from './readiness.service.js';

@Controller()
export class HealthController {
  constructor(private readonly readiness: ReadinessService) {}

  /** Liveness: the process serves HTTP. */
  @Public()
  @Get('healthz')
  @HttpCode(200)
  healthz(): { ok: true } {
    return { ok: true };
  }

  /** Readiness: 200 when database, transport and chain answer, 503 with the failing checks otherwise. */
  @Public()
  @Get('readyz')
  async readyz(@Res({ passthrough: true }) res: Response): Promise<Readiness> {
    const readiness = await this.readiness.check();
    res.status(readiness.ok ? 200 : 503);
    return readiness;
  }
}
