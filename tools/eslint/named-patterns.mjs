import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One pattern per shape (#31 item 4): a regular expression written out that is one of the named
 * patterns of libs/api-types/src/patterns.ts (`/^\d{1,78}$/` is UINT256_PATTERN) is refused; the code
 * imports the name. The rule reads the patterns from that file, so a pattern's text lives in one place;
 * its option names which of them are enforced (those whose old copies are all gone). Matched: a regex
 * literal with the same source (any flags), and `RegExp('…')` / `new RegExp('…')` with the same string.
 */
const PATTERNS_FILE = join(import.meta.dirname, '../../libs/api-types/src/patterns.ts');

/** `export const NAME = /source/flags;` lines of a patterns module: name → source. */
export function readNamedPatterns(text) {
  const named = new Map();
  for (const [, name, source] of text.matchAll(/^export const ([A-Z0-9_]+) = \/(.+)\/[a-z]*;$/gm))
    named.set(name, source);
  return named;
}

let fromFile;
const patternsOfFile = () => (fromFile ??= readNamedPatterns(readFileSync(PATTERNS_FILE, 'utf8')));

export const namedPatterns = {
  meta: {
    type: 'suggestion',
    docs: { description: 'A named pattern of @metatag/api-types is imported, not written out again' },
    messages: {
      named: '{{text}} is {{name}}: import it from @metatag/api-types (one pattern per shape).',
      unknown: 'named-patterns: {{name}} is not a pattern of libs/api-types/src/patterns.ts.',
    },
    schema: [
      {
        type: 'object',
        properties: {
          names: { type: 'array', items: { type: 'string' } },
          /** Tests: name → source instead of the file's patterns. */
          patterns: { type: 'object', additionalProperties: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const options = context.options[0] ?? {};
    const all = options.patterns ? new Map(Object.entries(options.patterns)) : patternsOfFile();
    const bySource = new Map();
    for (const name of options.names ?? [...all.keys()]) {
      const source = all.get(name);
      if (source === undefined) {
        context.report({ loc: { line: 1, column: 0 }, messageId: 'unknown', data: { name } });
        continue;
      }
      bySource.set(source, name);
    }
    const check = (node, source, text) => {
      const name = bySource.get(source);
      if (name) context.report({ node, messageId: 'named', data: { name, text } });
    };
    const regExpCall = (node) => {
      const [first] = node.arguments;
      if (node.callee.type === 'Identifier' && node.callee.name === 'RegExp' && first?.type === 'Literal')
        if (typeof first.value === 'string') check(first, first.value, `RegExp(${first.raw})`);
    };
    return {
      'Literal[regex]'(node) {
        check(node, node.regex.pattern, node.raw);
      },
      NewExpression: regExpCall,
      CallExpression: regExpCall,
    };
  },
};
