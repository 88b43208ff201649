export { MetaTagClient, MetaTagApiError, type MetaTagClientOptions, type CallOptions } from './client.js';
export { MetaTag, parseTapUrl, type MessageSigner, type Tap } from './metatag.js';
export type { RouteArgs, RouteName, RouteReply } from '@metatag/api-types';
