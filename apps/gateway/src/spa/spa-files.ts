import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Response } from 'express';
import { ENVELOPE_META, PUBLIC_ORIGINS_META } from '@metatag/api-types';

/**
 * The built SPA. index.html is read once and served for every page path (history fallback) with
 * no-cache, while hashed assets are cached for a year by the static middleware.
 */
export class SpaFiles {
  private readonly indexHtml: string | undefined;

  /**
   * `envelopeKey`: the request envelope's page key (http/envelope.ts); `publicOrigins`: PUBLIC_URL's
   * origins, canonical first. Both reach the page as meta tags of index.html.
   */
  constructor(
    readonly dir: string,
    envelopeKey?: string,
    publicOrigins: readonly string[] = [],
  ) {
    const index = join(dir, 'index.html');
    const html = existsSync(index) ? readFileSync(index, 'utf8') : undefined;
    const metas = [
      envelopeKey ? `<meta name="${ENVELOPE_META}" content="${envelopeKey}" />` : '',
      publicOrigins.length
        ? `<meta name="${PUBLIC_ORIGINS_META}" content="${publicOrigins.map(escapeAttribute).join(' ')}" />`
        : '',
    ].filter(Boolean);
    this.indexHtml =
      html && metas.length ? html.replace('</head>', `${metas.join('\n  ')}\n  </head>`) : html;
  }

  get built(): boolean {
    return this.indexHtml !== undefined;
  }

  /** index.html as served (with its envelope key), for pages rendered on the server. */
  get html(): string | undefined {
    return this.indexHtml;
  }

  sendIndex(res: Response): void {
    if (!this.indexHtml) {
      res
        .status(503)
        .type('text/plain')
        .send(`The web app is not built (${this.dir} has no index.html). Run: npm run build`);
      return;
    }
    res.status(200).setHeader('cache-control', 'no-cache').type('html').send(this.indexHtml);
  }
}

/** Origins come from configuration, but an attribute is still escaped rather than trusted. */
function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
