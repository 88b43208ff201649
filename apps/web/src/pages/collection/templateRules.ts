import type { CollectionTemplate, MenuLink } from '@metatag/api-types';
// the theme module alone: the package's index brings its stylesheet, which the unit tests cannot load
import { themes, type ThemeName, type ThemeTokens } from '@metatag/ui/theme';
import { isOptionalUrl, isUrl } from '../../lib/validation.js';

/**
 * The rules of the collection template's fields (spec section 3), as the server applies them
 * (libs/api-types `collectionTemplateSchema`); pure, so the browser bundle needs no zod.
 */

const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const COLOR_NAME = /^[a-z]{3,20}$/i;

/**
 * '' (the theme's default), '#rgb', '#rrggbb' or a CSS colour name. `isNamedColor` checks a name
 * (the browser's CSS.supports); without it any letters-only word passes and the server decides.
 */
export function isTemplateColor(value: string, isNamedColor?: (name: string) => boolean): boolean {
  const color = value.trim();
  if (color === '' || HEX_COLOR.test(color)) return true;
  return COLOR_NAME.test(color) && (isNamedColor ? isNamedColor(color) : true);
}

/** A CSS font-family list: names, quotes, commas, spaces and hyphens only. */
export function isFontFamily(value: string): boolean {
  const font = value.trim();
  return font.length <= 200 && /^[A-Za-z0-9 ,'"-]*$/.test(font);
}

/** The logo's padding: '' (default) or a number with px, em, rem or %, e.g. '8px'. */
export function isLogoPadding(value: string): boolean {
  return /^$|^\d{1,3}(\.\d{1,2})?(px|em|rem|%)?$/.test(value.trim());
}

export function isLogoUrl(value: string): boolean {
  return value.trim().length <= 2000 && isOptionalUrl(value);
}

/** A menu link's address: a URL, or a path inside the site. */
export function isMenuHref(value: string): boolean {
  const href = value.trim();
  return href.length <= 2000 && (isUrl(href) || /^\/[A-Za-z0-9%_\-/=?&.]*$/.test(href));
}

export const MENU_LINKS_MAX = 50;

export function isMenuLink(link: MenuLink): boolean {
  return link.title.trim().length <= 100 && link.category.trim().length <= 100 && isMenuHref(link.href);
}

/** Colour fields of the template, with their labels. */
export const COLOR_FIELDS = [
  ['backgroundColor', 'Background colour'],
  ['textColor', 'Text colour'],
  ['titleColor', 'Title colour'],
  ['linkColor', 'Link colour'],
  ['buttonColor', 'Button colour'],
  ['buttonTextColor', 'Button text colour'],
  ['menuLinkColor', 'Menu link colour'],
  ['menuCategoryColor', 'Menu category colour'],
  ['successColor', 'Success colour'],
  ['checkColor', 'Check colour'],
  ['failColor', 'Fail colour'],
] as const satisfies readonly (readonly [keyof CollectionTemplate, string])[];

export type ColorField = (typeof COLOR_FIELDS)[number][0];

/**
 * The theme token an empty colour field falls back to on the public page: the menu's links are
 * links, its categories muted text (pages/chip/chip.css).
 */
const COLOR_FIELD_TOKENS = {
  backgroundColor: 'background',
  textColor: 'text',
  titleColor: 'title',
  linkColor: 'link',
  buttonColor: 'button',
  buttonTextColor: 'buttonText',
  menuLinkColor: 'link',
  menuCategoryColor: 'muted',
  successColor: 'success',
  checkColor: 'check',
  failColor: 'fail',
} as const satisfies Record<ColorField, keyof ThemeTokens>;

/** The colour a field shows as when left empty ("default"), in the template's theme. */
export function defaultColor(theme: ThemeName, field: ColorField): string {
  return themes[theme][COLOR_FIELD_TOKENS[field]];
}

/** The names of the fields that break their rule. */
export function invalidTemplateFields(
  template: CollectionTemplate,
  isNamedColor?: (name: string) => boolean,
): Set<keyof CollectionTemplate> {
  const invalid = new Set<keyof CollectionTemplate>();
  for (const [field] of COLOR_FIELDS) if (!isTemplateColor(template[field], isNamedColor)) invalid.add(field);
  if (!isFontFamily(template.fontFamily)) invalid.add('fontFamily');
  if (!isLogoUrl(template.logoURL)) invalid.add('logoURL');
  if (!isLogoPadding(template.logoPadding)) invalid.add('logoPadding');
  if (template.menuLinks.length > MENU_LINKS_MAX || !template.menuLinks.every(isMenuLink))
    invalid.add('menuLinks');
  return invalid;
}

/** The fields whose value differs: what `PUT .../template` sends (any subset is accepted). */
export function changedTemplateFields(
  saved: CollectionTemplate,
  draft: CollectionTemplate,
): Partial<CollectionTemplate> {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(draft) as (keyof CollectionTemplate)[]) {
    if (JSON.stringify(saved[key]) !== JSON.stringify(draft[key])) patch[key] = draft[key];
  }
  return patch as Partial<CollectionTemplate>;
}

/** Trims text values the way the server stores them. */
export function normalizeTemplate(template: CollectionTemplate): CollectionTemplate {
  const trimmed = { ...template };
  for (const [field] of COLOR_FIELDS) trimmed[field] = template[field].trim();
  trimmed.fontFamily = template.fontFamily.trim();
  trimmed.logoURL = template.logoURL.trim();
  trimmed.logoPadding = template.logoPadding.trim();
  trimmed.menuLinks = template.menuLinks.map((link) => ({
    title: link.title.trim(),
    href: link.href.trim(),
    category: link.category.trim(),
  }));
  return trimmed;
}
