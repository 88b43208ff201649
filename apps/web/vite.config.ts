import { constants } from 'node:zlib';
import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

/** The gateway (standalone stack) serves the REST API of spec section 7 on this origin. */
const API_TARGET = process.env.METATAG_API_URL ?? 'http://127.0.0.1:3000';

/**
 * First path segments that belong to the gateway, not to the SPA (spec section 7, plus the health
 * probes and the encrypted-envelope prefix `/e/`). None of them is a route of the web app.
 */
const API_PREFIXES = [
  'json',
  'auth',
  'healthz',
  'readyz',
  'password-login',
  'deploy-collection',
  'deploy-nft-code',
  'deploy-library-locator',
  'deploy-tag-relayer',
  'nft-media',
  'nft-media-metadata',
  'scans',
  'woo_commmerce_access_token',
  'woocommerce-webhook',
  'nfc-nft',
  'is_i_owner',
  'e',
];

// Keys starting with ^ are regular expressions: match the whole segment, so /json matches but /jsonx does not.
const proxy: Record<string, ProxyOptions> = Object.fromEntries(
  API_PREFIXES.map((prefix) => [`^/${prefix}(?:[/?]|$)`, { target: API_TARGET, changeOrigin: false }]),
);

const clientBuild = {
  outDir: 'dist',
  emptyOutDir: true,
  // hidden: the maps are written (error tracking reads them from disk) but the bundles do not point at
  // them, and the gateway never serves them (issue #28: they carried the whole frontend source)
  sourcemap: 'hidden' as const,
  manifest: true,
  rolldownOptions: {
    // the chip page's early check (src/chipEarly.ts) is an entry of its own: the gateway links it
    input: { index: 'index.html', chipEarly: 'src/chipEarly.ts' },
    output: {
      codeSplitting: {
        // Small modules shared by the public chip page and the admin pages: one chunk instead of
        // five tiny ones (each costs its own request, import/export glue and gzip frame). Measured
        // on the chip page: 7 scripts and 103.6 KB before first paint with it, 11 and 104.2 without.
        groups: [
          {
            name: 'shared-small',
            includeDependenciesRecursively: false,
            test: /(libs\/ui\/src\/theme|src\/lib\/(networks|format|media)|src\/wallet\/walletKeyStore)\.ts$/,
          },
        ],
      },
    },
  },
};

/** Static files worth compressing: what the gateway serves precompressed (.br, .gz) when the browser accepts it. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|wasm)$/;

/**
 * Two builds: the browser's (dist/: hashed assets, each also as .br and .gz at the best levels, and
 * .vite/manifest.json, which the gateway reads to link a chip page's CSS and preload its scripts) and
 * the server's (`vite build --ssr src/ssr/chipPage.server.tsx` → dist/.ssr/: the chip pages' first
 * paint rendered by the gateway; dot-directories are never served).
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    ...(isSsrBuild
      ? []
      : [
          compression({
            include: COMPRESSIBLE,
            threshold: 512,
            algorithms: [
              ['brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }],
              ['gzip', { level: 9 }],
            ],
            deleteOriginalAssets: false,
          }),
        ]),
  ],
  ssr: {
    // our workspace libraries are bundled (their CSS imports are dropped); React and friends stay imports
    noExternal: [/^@metatag\//],
  },
  build: isSsrBuild
    ? { outDir: 'dist/.ssr', emptyOutDir: false, sourcemap: false, manifest: false }
    : clientBuild,
  server: { proxy },
  preview: { proxy },
}));
