import compression from 'compression';
import expressStaticGzip from 'express-static-gzip';
import { constants as zlib } from 'node:zlib';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { publicOrigins, type GatewayConfig } from '@metatag/config';
import { ENVELOPE_HEADER } from '@metatag/api-types';
import { createDatabase } from '@metatag/db';
import {
  createServiceClient,
  listenOrExplain,
  PinoNestLogger,
  serveMetrics,
  watchPool,
  type InProcessBus,
} from '@metatag/nest-kit';
import { serveCheckTagFirst } from './chiplinks/check-tag.fast-path.js';
import { ScanRateLimiter } from './chiplinks/scan-rate.limiter.js';
import { GatewayModule } from './gateway.module.js';
import { serveBrowserSecurity } from './http/browser-security.js';
import { ReadinessService } from './health/readiness.service.js';
import { EnvelopeCodec, serveEnvelopes } from './http/envelope.js';
import { HttpErrorFilter } from './http/http-error.filter.js';
import { httpMetrics } from './http/http-metrics.js';
import { httpTracing } from './http/http-tracing.js';
import { limitSlowClients } from './http/slow-clients.js';
import { isApiPath } from './http/api-paths.js';
import { refuseSourceMaps } from './http/source-maps.js';
import { requestLogger } from './http/request-logger.js';
import { ChipPageRenderer } from './spa/chip-page.renderer.js';
import { SpaFiles } from './spa/spa-files.js';
import { defaultWebDist } from './paths.js';

export interface RunningGateway {
  app: NestExpressApplication;
  url: string;
  /** SIGTERM's first half: readiness 503 for `delayMs` while requests keep being served. */
  drain(delayMs: number): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the HTTP edge on HOST:PORT; in standalone mode `bus` carries its calls to the services. */
export async function startGateway(
  config: GatewayConfig,
  options: { logger: Logger; bus?: InProcessBus },
): Promise<RunningGateway> {
  const database = createDatabase({
    url: config.DATABASE_URL,
    schema: 'public',
    poolSize: 2,
    applicationName: 'metatag-gateway',
  });
  const services = createServiceClient('gateway', config, options.bus);
  const envelopes = new EnvelopeCodec(config.SESSION_SECRET);
  const spa = new SpaFiles(config.WEB_DIST ?? defaultWebDist, envelopes.pageKey, publicOrigins(config));
  if (!spa.built)
    options.logger.warn(`web app not built at ${spa.dir}: pages answer 503 until npm run build`);

  const app = await NestFactory.create<NestExpressApplication>(
    GatewayModule.forRoot({
      config,
      database,
      services,
      spa,
      chipPages: new ChipPageRenderer(spa.dir, options.logger),
    }),
    // rawBody: the shop webhook's signature is over the exact bytes received, before JSON parsing
    { logger: new PinoNestLogger(options.logger), bodyParser: true, rawBody: true },
  );
  app.disable('x-powered-by');
  // client addresses (req.ip) for throttles and scan places: only the configured proxies are believed
  app.set('trust proxy', config.TRUST_PROXY);
  app.use(httpTracing());
  app.use(httpMetrics());
  app.use(requestLogger(options.logger));
  // Answers compressed as the browser asks (Accept-Encoding: br, then gzip): pages and JSON above 1 KB,
  // on the fly at a fast level; static files come precompressed from the build (.br/.gz beside them).
  // Not enveloped answers: the envelope seals the JSON text itself (http/envelope.ts), and not the
  // check-tag fast path, which never reaches Express.
  const compress = compression({
    threshold: 1024,
    brotli: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // enveloped requests skip it entirely: compression sends the headers before the envelope's own
  // write sees the answer, which would then go out unsealed
  app.use((req: Request, res: Response, next: NextFunction) =>
    req.headers[ENVELOPE_HEADER] === undefined ? compress(req, res, next) : next(),
  );
  app.use(refuseSourceMaps);
  const staticFiles = expressStaticGzip(spa.dir, {
    enableBrotli: true,
    orderPreference: ['br', 'gz'],
    index: false,
    serveStatic: {
      index: false,
      setHeaders(res, path) {
        res.setHeader(
          'cache-control',
          path.includes('/assets/')
            ? 'public, max-age=31536000, immutable'
            : // the embed script keeps one URL on shops' pages: a day, then revalidated
              path.includes('/embed/')
              ? 'public, max-age=86400, stale-while-revalidate=604800'
              : 'no-cache',
        );
      },
    },
  });
  // the web build has no file under the API's prefixes: an API request (check-tag's continuation,
  // get-mint-data, the admin's calls) skips the file system's stat it would cost (#33 item 4)
  app.use((req: Request, res: Response, next: NextFunction) =>
    isApiPath(req.path) ? next() : staticFiles(req, res, next),
  );
  app.useGlobalFilters(new HttpErrorFilter(options.logger, spa));
  app.enableShutdownHooks([]);

  // the scan path ahead of Express, the request log and Nest's pipeline (see check-tag.fast-path.ts)
  serveCheckTagFirst(app.getHttpServer(), app.getHttpAdapter().getInstance(), {
    services,
    limiter: app.get(ScanRateLimiter),
    logger: options.logger,
  });
  // the request envelope of spec section 7 in front of everything, the fast path included
  serveEnvelopes(app.getHttpServer(), envelopes);
  // security headers on every answer and the cross-site rules of state-changing routes, outermost
  serveBrowserSecurity(app.getHttpServer(), {
    origins: publicOrigins(config),
    allowLoopbackOrigins: config.NODE_ENV !== 'production',
  });
  // slow clients: the head within 10 s, a body at a minimum rate (http/slow-clients.ts)
  limitSlowClients(app.getHttpServer());
  await services.connect();
  await listenOrExplain(config.PORT, 'PORT', () => app.listen(config.PORT, config.HOST));
  const url = `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${config.PORT}`;
  options.logger.info(`gateway listening on ${url}`);
  const unwatchPool = watchPool('gateway', database);
  // one listener per process: in standalone mode it reports every service (one registry)
  const metrics = config.METRICS_PORT
    ? await serveMetrics({ port: config.METRICS_PORT, host: config.METRICS_HOST, logger: options.logger })
    : undefined;
  return {
    app,
    url,
    async drain(delayMs) {
      app.get(ReadinessService).stopAccepting();
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    },
    // Nest closes the HTTP server: no new connections, in-flight requests finish, idle keep-alive
    // connections are closed; then the service client and the pool
    async stop() {
      unwatchPool();
      await metrics?.close();
      await app.close();
      await services.close();
      await database.close();
    },
  };
}
