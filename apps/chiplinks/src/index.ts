export { chiplinksDefinition } from './chiplinks.definition.js';
export { ChiplinksModule } from './chiplinks.module.js';
export { LIMITED_VOUCHER_TTL_S } from './mint/mint-data.service.js';
export { TEMPLATE_CACHE_MS } from './templates/template.lookup.js';
