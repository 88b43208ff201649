import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_COLLECTION_TEMPLATE, type CollectionTemplate } from '@metatag/api-types';
import {
  changedTemplateFields,
  defaultColor,
  invalidTemplateFields,
  isFontFamily,
  isLogoPadding,
  isMenuHref,
  isTemplateColor,
  normalizeTemplate,
} from './templateRules.js';

const base: CollectionTemplate = DEFAULT_COLLECTION_TEMPLATE;

test('colours: empty, #rgb, #rrggbb or a name', () => {
  for (const ok of ['', '#fff', '#A0b1C2', 'red', 'rebeccapurple']) assert.ok(isTemplateColor(ok), ok);
  for (const bad of ['#ffff', 'rgb(0,0,0)', 'red;}', '#12345g', 'url(x)'])
    assert.equal(isTemplateColor(bad), false, bad);
  assert.equal(
    isTemplateColor('notacolour', (name) => name === 'red'),
    false,
  );
});

test('font family, padding and menu addresses follow the server', () => {
  assert.ok(isFontFamily(`'Open Sans', Arial, sans-serif`));
  assert.equal(isFontFamily('Arial; color: red'), false);
  for (const ok of ['', '8', '8px', '1.5em', '10%']) assert.ok(isLogoPadding(ok), ok);
  for (const bad of ['8 px', 'calc(1px)', '1234px']) assert.equal(isLogoPadding(bad), false, bad);
  assert.ok(isMenuHref('https://example.com/a?b=c'));
  assert.ok(isMenuHref('/ganache/limited'));
  assert.equal(isMenuHref('javascript:alert(1)'), false);
  assert.equal(isMenuHref(''), false);
});

test('invalid and changed fields', () => {
  const draft = { ...base, linkColor: 'nope!', menuLinks: [{ title: 'a', href: 'x', category: '' }] };
  assert.deepEqual([...invalidTemplateFields(draft)].sort(), ['linkColor', 'menuLinks']);
  assert.deepEqual(changedTemplateFields(base, { ...base, theme: 'dark', titleColor: '#000' }), {
    theme: 'dark',
    titleColor: '#000',
  });
  assert.deepEqual(changedTemplateFields(base, base), {});
  assert.equal(normalizeTemplate({ ...base, fontFamily: ' Arial ' }).fontFamily, 'Arial');
});

test('an empty colour shows as the colour the public page uses in that theme, not black', () => {
  assert.equal(defaultColor('light', 'backgroundColor'), '#f7f7f8');
  assert.equal(defaultColor('dark', 'backgroundColor'), '#121215');
  assert.equal(defaultColor('light', 'buttonTextColor'), '#ffffff');
  assert.equal(defaultColor('dark', 'menuLinkColor'), defaultColor('dark', 'linkColor'));
});
