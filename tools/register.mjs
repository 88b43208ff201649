// `node --import ./tools/register.mjs --conditions=source` runs .ts sources (see ts-hooks.mjs).
import { register } from 'node:module';
import 'reflect-metadata';
register('./ts-hooks.mjs', import.meta.url);
