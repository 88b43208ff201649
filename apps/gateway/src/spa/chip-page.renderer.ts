import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';
import type { ChiplinkLookupReply, CollectionTemplate } from '@metatag/api-types';

/** The chip pages' data as the web app's server module takes it (apps/web/src/pages/chip/chipPageData.ts). */
export interface ChipPageData {
  type: 'chip' | 'link';
  id: string;
  lookup: ChiplinkLookupReply;
  template: CollectionTemplate | null;
}

/** What apps/web/dist/.ssr/chipPage.server.js exports (built by `vite build --ssr`). */
interface ChipPageModule {
  CHIP_DATA_ID: string;
  renderChipPage(data: ChipPageData, url: string): Promise<string>;
  scriptSafeJson(value: unknown): string;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

const CHIP_PAGE_SOURCE = 'src/pages/chip/ChipPage.tsx';
/** A tiny entry that starts a chip page's check-tag before the rest of the page's code has arrived. */
const CHIP_EARLY_SOURCE = 'src/chipEarly.ts';

/**
 * The first paint of `/tag/{id}` and `/link/{id}` in the HTML itself: the web app's own server module
 * renders the page's markup into `#root`, and the data it was rendered from travels in a
 * `<script type="application/json">` block (data, not script: allowed by a CSP without inline script)
 * that the browser's first render hydrates from. The head links the page's stylesheet (so the markup is
 * styled at first paint) and preloads its scripts (so they load in parallel with nothing to wait for).
 * Without a built server module every page gets the plain index.html, as before.
 */
export class ChipPageRenderer {
  private module: Promise<ChipPageModule | undefined> | undefined;
  /**
   * The head's links per page type: `first` goes before the app's own script and preloads (right
   * after the title), `rest` at the end of the head.
   */
  private readonly headTags: Record<ChipPageData['type'], { first: string; rest: string }>;
  private readonly earlyCheck: string;

  constructor(
    private readonly dir: string,
    private readonly logger: Logger,
  ) {
    const manifest = this.manifest();
    const none = { first: '', rest: '' };
    this.headTags = {
      chip: manifest ? this.chipPageHead(manifest, true) : none,
      link: manifest ? this.chipPageHead(manifest, false) : none,
    };
    const early = manifest?.[CHIP_EARLY_SOURCE]?.file;
    this.earlyCheck = early ? `  <script type="module" async crossorigin src="/${early}"></script>\n` : '';
  }

  /** The whole page, or undefined when it cannot be rendered here (the caller sends index.html). */
  async render(indexHtml: string, data: ChipPageData, url: string): Promise<string | undefined> {
    const module = await this.load();
    if (!module) return undefined;
    let markup: string;
    try {
      markup = await module.renderChipPage(data, url);
    } catch (error) {
      this.logger.warn({ err: error, url }, 'chip page not rendered on the server');
      return undefined;
    }
    const dataBlock = `<script type="application/json" id="${module.CHIP_DATA_ID}">${module.scriptSafeJson(data)}</script>`;
    // after the markup: an async script in the head held the first paint back (measured: bench:page)
    const early = data.type === 'chip' ? this.earlyCheck : '';
    return indexHtml
      .replace('</title>', `</title>\n  ${this.headTags[data.type].first}`)
      .replace('</head>', `${this.headTags[data.type].rest}</head>`)
      .replace('<div id="root"></div>', `<div id="root">${markup}</div>\n    ${dataBlock}\n  ${early}`);
  }

  private load(): Promise<ChipPageModule | undefined> {
    this.module ??= (async () => {
      const file = join(this.dir, '.ssr', 'chipPage.server.js');
      if (!existsSync(file)) return undefined;
      try {
        return (await import(pathToFileURL(file).href)) as ChipPageModule;
      } catch (error) {
        this.logger.error({ err: error }, 'the chip pages render in the browser only: server module failed');
        return undefined;
      }
    })();
    return this.module;
  }

  private manifest(): Record<string, ManifestChunk> | undefined {
    const path = join(this.dir, '.vite', 'manifest.json');
    if (!existsSync(path)) return undefined;
    return JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
  }

  /**
   * `<link>`s of the chip page's chunk from Vite's manifest. First (ahead of the app entry's own
   * preloads, which Vite writes into index.html): the page's stylesheets and, on a chip page, the early
   * check's small script graph; then the rest of the page's scripts. Requests leave in document order
   * over a phone's few connections, and the spec's 1 s delay counts from the check's start: listed
   * after the others, the early script arrived last, at 1.1–1.4 s on bench:page's slow 4G.
   */
  private chipPageHead(
    manifest: Record<string, ManifestChunk>,
    earlyCheck: boolean,
  ): { first: string; rest: string } {
    const page = manifest[CHIP_PAGE_SOURCE];
    if (!page) return { first: '', rest: '' };
    const scripts = new Set<string>();
    const css = new Set<string>(page.css ?? []);
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || key === 'index.html' || scripts.has(chunk.file)) return;
      scripts.add(chunk.file);
      for (const file of chunk.css ?? []) css.add(file);
      for (const next of chunk.imports ?? []) visit(next);
    };
    if (earlyCheck) visit(CHIP_EARLY_SOURCE);
    const early = [...scripts];
    visit(CHIP_PAGE_SOURCE);
    const preload = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;
    const lines = (tags: string[]) => tags.map((tag) => `${tag}\n  `).join('');
    return {
      first: lines([
        ...[...css].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
        ...early.map(preload),
      ]),
      rest: lines([...scripts].filter((file) => !early.includes(file)).map(preload)),
    };
  }
}
