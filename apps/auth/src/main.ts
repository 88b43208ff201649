import 'reflect-metadata';
import { runServiceProcess } from '@metatag/nest-kit';
import { authDefinition } from './auth.definition.js';

await runServiceProcess(authDefinition);
