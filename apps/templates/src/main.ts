import 'reflect-metadata';
import { runServiceProcess } from '@metatag/nest-kit';
import { templatesDefinition } from './templates.definition.js';

await runServiceProcess(templatesDefinition);
