export { chiplinksDefinition } from './chiplinks.definition.js';
export { ChiplinksModule } from './chiplinks.module.js';
