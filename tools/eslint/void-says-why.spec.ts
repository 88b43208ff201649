import { test } from 'node:test';
import { RuleTester } from 'eslint';
import { voidSaysWhy } from './void-says-why.mjs';

// RuleTester throws on the first case that does not behave; node:test reports it.
RuleTester.describe = (_name: string, run: () => void) => run();
RuleTester.it = (_name: string, run: () => void) => run();
RuleTester.itOnly = RuleTester.it;

test('a void statement that leaves a promise running says why', () => {
  new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } }).run(
    'void-says-why',
    voidSaysWhy,
    {
      valid: [
        '// the loop logs its own failures\nvoid loop();',
        'void loop(); // drained on shutdown',
        '/* the caller re-reads */\nvoid queue.flush();',
        'void unused;',
        'function f() { return void res.end(); }',
        'const onClick = () => void submit();',
      ],
      invalid: [
        { code: 'void loop();', errors: [{ messageId: 'why' }] },
        {
          code: '// an older comment\n\nvoid queue.flush();',
          errors: [{ messageId: 'why' }],
        },
        { code: 'if (ready) void read();', errors: [{ messageId: 'why' }] },
      ],
    },
  );
});
