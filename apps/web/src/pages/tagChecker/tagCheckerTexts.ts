/** The tag checker's texts; the two errors are the spec's (section 8). */
export const ERROR_READING = 'error while reading';
export const ERROR_SCANNING = 'error while scanning';
export const ERROR_WRITING = 'error while writing';
export const NO_WEB_NFC =
  'This browser cannot read NFC tags. Web NFC needs Chrome on Android (version 89 or later) with NFC turned on. Paste the URL the tag opens instead.';
export const HOLD_TAG = 'Hold a tag to the back of your phone…';
export const HOLD_BLANK_TAG = 'Hold a blank tag to the back of your phone to write it…';
export const WRITTEN = 'The link was written to the tag.';
export const ONLY_LINKS = 'Only a MetaTag link URL (…/link/{id}) can be written.';
