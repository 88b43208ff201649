import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { collectionTemplateTokens, darkTheme, lightTheme, themeStyle, tokenVariable } from './theme.js';

test('token names become kebab-case CSS variables', () => {
  assert.equal(tokenVariable('background'), '--mt-background');
  assert.equal(tokenVariable('buttonText'), '--mt-button-text');
  assert.equal(tokenVariable('fontFamily'), '--mt-font-family');
});

test('themeStyle sets only the given, non-empty tokens', () => {
  assert.deepEqual(themeStyle({ link: '#f00', buttonText: '#fff', text: '' }), {
    '--mt-link': '#f00',
    '--mt-button-text': '#fff',
  });
});

test('light and dark themes define the same tokens', () => {
  assert.deepEqual(Object.keys(darkTheme).sort(), Object.keys(lightTheme).sort());
});

test('ui.css declares the same token values as the TypeScript themes', async () => {
  const css = await readFile(new URL('./ui.css', import.meta.url), 'utf8');
  const block = (selector: string) => {
    const start = css.indexOf(`${selector} {`);
    assert.notEqual(start, -1, `missing ${selector}`);
    return css.slice(start, css.indexOf('}', start));
  };
  for (const [selector, theme] of [
    ["[data-theme='light']", lightTheme],
    ["[data-theme='dark']", darkTheme],
  ] as const) {
    const text = block(selector);
    for (const [token, value] of Object.entries(theme)) {
      const variable = tokenVariable(token as keyof typeof theme);
      if (selector.includes('dark') && token === 'fontFamily') continue; // inherited from :root
      assert.ok(text.includes(`${variable}: ${value};`), `${selector} ${variable} should be ${value}`);
    }
  }
});

test("a collection template's colours become tokens; empty ones keep the theme's", () => {
  assert.deepEqual(
    collectionTemplateTokens({
      theme: 'dark',
      backgroundColor: '#000',
      textColor: '',
      buttonTextColor: 'white',
      fontFamily: 'Georgia, serif',
    }),
    { background: '#000', buttonText: 'white', fontFamily: 'Georgia, serif' },
  );
  assert.deepEqual(themeStyle(collectionTemplateTokens({ linkColor: 'red' })), { '--mt-link': 'red' });
});
