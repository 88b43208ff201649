import 'reflect-metadata';
import { runServiceProcess } from '@metatag/nest-kit';
import { chiplinksDefinition } from './chiplinks.definition.js';

await runServiceProcess(chiplinksDefinition);
