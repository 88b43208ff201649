/**
 * Set on `<html>` by the app's entry just before it hydrates a server-rendered page: from then on the
 * markup is React's, and the chip page's early script (chipCheck.ts `showEarly`) no longer writes to it.
 */
export const HYDRATING_ATTRIBUTE = 'data-hydrating';
