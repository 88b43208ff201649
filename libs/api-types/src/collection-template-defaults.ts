import type { CollectionTemplate } from './collections.js';

// A module of its own, with no zod: the public chip page imports it without the API schemas
// (the package is side-effect free, so a bundler keeps only the modules whose exports are used).

/** A collection without a template of its own: the light theme's defaults, no logo, no menu. */
export const DEFAULT_COLLECTION_TEMPLATE: CollectionTemplate = {
  linkColor: '',
  fontFamily: '',
  backgroundColor: '',
  textColor: '',
  logoURL: '',
  logoPadding: '',
  menuToggle: false,
  buttonColor: '',
  buttonTextColor: '',
  menuLinks: [],
  menuLinkColor: '',
  menuCategoryColor: '',
  titleColor: '',
  successColor: '',
  checkColor: '',
  failColor: '',
  theme: 'light',
};
