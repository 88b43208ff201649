import type { CSSProperties } from 'react';

/**
 * Design tokens. Names follow the collection template of the spec (section 3) so a collection's
 * colours can later be applied by overriding the same CSS variables on a subtree.
 */
export interface ThemeTokens {
  background: string;
  surface: string;
  text: string;
  muted: string;
  title: string;
  link: string;
  border: string;
  button: string;
  buttonText: string;
  success: string;
  check: string;
  fail: string;
  fontFamily: string;
}

export type ThemeName = 'light' | 'dark';

/** Spec section 9: the content column is at most 585px wide; cards are 350px wide. */
export const CONTENT_MAX_WIDTH_PX = 585;
export const CARD_WIDTH_PX = 350;

const fontFamily = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export const lightTheme: ThemeTokens = {
  background: '#f7f7f8',
  surface: '#ffffff',
  text: '#1b1b1f',
  muted: '#5f6068',
  title: '#111114',
  link: '#2456d3',
  border: '#dcdce1',
  button: '#1b1b1f',
  buttonText: '#ffffff',
  success: '#1f8a4c',
  check: '#2456d3',
  fail: '#c62f2f',
  fontFamily,
};

export const darkTheme: ThemeTokens = {
  background: '#121215',
  surface: '#1c1c21',
  text: '#ececf1',
  muted: '#a0a1ab',
  title: '#ffffff',
  link: '#8fb0ff',
  border: '#34343c',
  button: '#ececf1',
  buttonText: '#121215',
  success: '#4cc283',
  check: '#8fb0ff',
  fail: '#ff6b6b',
  fontFamily,
};

export const themes: Record<ThemeName, ThemeTokens> = { light: lightTheme, dark: darkTheme };

/** `buttonText` -> `--mt-button-text`. */
export function tokenVariable(token: keyof ThemeTokens): `--mt-${string}` {
  return `--mt-${token.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/**
 * Inline style that sets the given tokens as CSS variables, e.g. on the root of a chip page
 * whose collection has its own colours. Unset tokens inherit from the surrounding theme.
 */
export function themeStyle(tokens: Partial<ThemeTokens>): CSSProperties {
  const style: Record<string, string> = {};
  for (const [token, value] of Object.entries(tokens) as [keyof ThemeTokens, string | undefined][]) {
    if (value !== undefined && value !== '') style[tokenVariable(token)] = value;
  }
  return style as CSSProperties;
}

/**
 * The colour and font fields of a collection template (spec section 3) that map onto theme tokens.
 * Structural, so the UI library needs no API types; empty values mean "the theme's default".
 */
export interface CollectionTemplateColors {
  theme?: ThemeName;
  backgroundColor?: string;
  textColor?: string;
  titleColor?: string;
  linkColor?: string;
  buttonColor?: string;
  buttonTextColor?: string;
  successColor?: string;
  checkColor?: string;
  failColor?: string;
  fontFamily?: string;
}

/**
 * A collection template's colours as tokens over its light or dark base theme, for `themeStyle`:
 * `<div data-theme={theme} style={themeStyle(collectionTemplateTokens(template))}>`.
 */
export function collectionTemplateTokens(template: CollectionTemplateColors): Partial<ThemeTokens> {
  const tokens: Partial<ThemeTokens> = {
    background: template.backgroundColor,
    text: template.textColor,
    title: template.titleColor,
    link: template.linkColor,
    button: template.buttonColor,
    buttonText: template.buttonTextColor,
    success: template.successColor,
    check: template.checkColor,
    fail: template.failColor,
    fontFamily: template.fontFamily,
  };
  // themeStyle skips empty values: the base theme's token stays.
  return Object.fromEntries(Object.entries(tokens).filter(([, value]) => value)) as Partial<ThemeTokens>;
}
