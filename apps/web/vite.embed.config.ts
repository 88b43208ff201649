import { defineConfig } from 'vite';

/**
 * The shop pages' "Mint as NFT" script (src/embed/mintAsNft.ts): one self-contained classic script
 * at a stable URL, dist/embed/mint-as-nft.js (no hash: shops paste the URL once; the gateway caches
 * it for a day). Runs after the app's build, which empties dist/.
 */
export default defineConfig({
  build: {
    outDir: 'dist/embed',
    emptyOutDir: false,
    sourcemap: false,
    copyPublicDir: false,
    minify: true,
    lib: {
      entry: 'src/embed/mintAsNft.ts',
      formats: ['iife'],
      name: 'MetaTagMintAsNft',
      fileName: () => 'mint-as-nft.js',
    },
  },
});
