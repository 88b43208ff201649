export { templatesDefinition } from './templates.definition.js';
export { TemplatesModule } from './templates.module.js';
