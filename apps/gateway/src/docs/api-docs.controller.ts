import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Controller, Get, Header, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { openApiDocument } from '@metatag/api-types';
import { AppError } from '@metatag/nest-kit';
import { Public } from '../access/access.decorators.js';

/** Swagger UI ships with the app (npm swagger-ui-dist): no CDN, nothing inline, so script-src 'self' holds. */
const SWAGGER_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; font-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** A Map, not an object literal: `__proto__`, `constructor` or `toString` must be a 404, not Object.prototype. */
const ASSETS = new Map<string, { file: string; type: string }>(
  Object.entries({
    'swagger-ui.css': { file: 'swagger-ui.css', type: 'text/css; charset=utf-8' },
    'swagger-ui-bundle.js': { file: 'swagger-ui-bundle.js', type: 'text/javascript; charset=utf-8' },
    'swagger-ui-standalone-preset.js': {
      file: 'swagger-ui-standalone-preset.js',
      type: 'text/javascript; charset=utf-8',
    },
    'favicon-32x32.png': { file: 'favicon-32x32.png', type: 'image/png' },
  }),
);

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>MetaTag API</title>
<link rel="icon" href="/api/docs/favicon-32x32.png">
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
<link rel="stylesheet" href="/api/docs/docs.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/docs.js"></script>
</body>
</html>
`;

/** Starts Swagger UI on our document (an external file: the CSP forbids inline script). */
const INIT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  docExpansion: 'list',
  defaultModelsExpandDepth: 0,
  tryItOutEnabled: false,
  validatorUrl: null,
});
`;

/** The page is narrow-screen friendly: long paths wrap instead of widening the page. */
const STYLE = `body { margin: 0; }
.swagger-ui .opblock .opblock-summary-path { word-break: break-all; }
.swagger-ui .opblock .opblock-summary { flex-wrap: wrap; }
@media (max-width: 600px) { .swagger-ui .wrapper { padding: 0 8px; } .swagger-ui .info { margin: 16px 0; } }
`;

/** `GET /api/openapi.json` (generated from libs/api-types' route table) and its documentation UI at `/api/docs`. */
@Controller()
export class ApiDocsController {
  private document: string | undefined;
  private readonly assets = new Map<string, Buffer>();

  @Public()
  @Get('api/openapi.json')
  @Header('content-type', 'application/json; charset=utf-8')
  @Header('cache-control', 'no-cache')
  openApi(): string {
    this.document ??= JSON.stringify(openApiDocument());
    return this.document;
  }

  @Public()
  @Get('api/docs')
  page(@Res() res: Response): void {
    res
      .status(200)
      .set({
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': CSP,
        'cache-control': 'no-cache',
        'x-content-type-options': 'nosniff',
      })
      .send(PAGE);
  }

  @Public()
  @Get('api/docs/:file')
  asset(@Param('file') file: string, @Res() res: Response): void {
    const headers = { 'cache-control': 'public, max-age=3600', 'x-content-type-options': 'nosniff' };
    if (file === 'docs.js')
      return void res
        .status(200)
        .set({ ...headers, 'content-type': 'text/javascript; charset=utf-8' })
        .send(INIT);
    if (file === 'docs.css')
      return void res
        .status(200)
        .set({ ...headers, 'content-type': 'text/css; charset=utf-8' })
        .send(STYLE);
    const asset = ASSETS.get(file);
    if (!asset) throw AppError.notFound(`No documentation file ${file}`);
    let bytes = this.assets.get(file);
    if (!bytes) {
      bytes = readFileSync(join(SWAGGER_DIR, asset.file));
      this.assets.set(file, bytes);
    }
    res
      .status(200)
      .set({ ...headers, 'content-type': asset.type })
      .send(bytes);
  }
}
