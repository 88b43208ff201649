import './ui.css';

export { Button, buttonClassName, type ButtonProps, type ButtonVariant } from './Button.js';
export { Page, Card, type PageProps } from './Page.js';
export {
  CARD_WIDTH_PX,
  CONTENT_MAX_WIDTH_PX,
  darkTheme,
  lightTheme,
  themeStyle,
  themes,
  tokenVariable,
  type ThemeName,
  type ThemeTokens,
} from './theme.js';
