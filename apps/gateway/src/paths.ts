import { fileURLToPath } from 'node:url';

/** apps/web/dist, from both apps/gateway/src and apps/gateway/dist. */
export const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));
