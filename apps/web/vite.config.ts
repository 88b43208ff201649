import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';

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

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
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
  },
  server: { proxy },
  preview: { proxy },
});
