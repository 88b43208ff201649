// The repository's own eslint rules, as one plugin (`metatag/…` in eslint.config.mjs).
import { namedPatterns } from './named-patterns.mjs';
import { voidSaysWhy } from './void-says-why.mjs';

export default { rules: { 'named-patterns': namedPatterns, 'void-says-why': voidSaysWhy } };
