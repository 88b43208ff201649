export { authDefinition } from './auth.definition.js';
export { AuthModule } from './auth.module.js';
