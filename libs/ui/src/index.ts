import './ui.css';

export { Button, buttonClassName, type ButtonProps, type ButtonVariant } from './Button.js';
export { Page, Card, type PageProps } from './Page.js';
export { TextInput, inputClassName, type TextInputProps } from './TextInput.js';
export { InlineEdit, INVALID_VALUE, type InlineEditProps } from './InlineEdit.js';
export { ProgressBar, type ProgressBarProps } from './ProgressBar.js';
export {
  CARD_WIDTH_PX,
  collectionTemplateTokens,
  type CollectionTemplateColors,
  CONTENT_MAX_WIDTH_PX,
  darkTheme,
  lightTheme,
  themeStyle,
  themes,
  tokenVariable,
  type ThemeName,
  type ThemeTokens,
} from './theme.js';
