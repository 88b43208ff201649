import type { NextFunction, Request, Response } from 'express';

/**
 * The web build's source maps carry the whole frontend source: they stay in the build (for error
 * tracking tools, which read them from disk) but are never served. The bundles carry no
 * `sourceMappingURL` either (vite `sourcemap: 'hidden'`); a developer debugs with the dev server.
 * Checked on the decoded path, so `/assets/x.js%2Emap` is refused too.
 */
export function refuseSourceMaps(req: Request, res: Response, next: NextFunction): void {
  let path = req.path;
  try {
    path = decodeURIComponent(path);
  } catch {
    // a malformed escape: the raw path is checked
  }
  if (!/\.map$/i.test(path.replace(/[\s/]+$/, ''))) return next();
  res.status(404).json({ error: 'not_found', errorMessage: 'Not found' });
}
