/** One screenshot of the layout guard: which page, as whom, at which size, and how many findings. */
export interface Shot {
  file: string;
  url: string;
  role: string;
  /** `1280x800` */
  size: string;
  problems: number;
}

/** `<role>-<size>-<route>.png`: the route as a file name (the same page always lands on the same file). */
export function shotName(role: string, size: string, url: string): string {
  const route =
    url
      .replace(/^\//, '')
      .replace(/[^A-Za-z0-9]+/g, '_')
      .slice(0, 80) || 'root';
  return `${role}-${size}-${route}.png`;
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The contact sheet (index.html beside the shots): one row per route, a column per role and size, each
 * cell a thumbnail linking to the full screenshot; a shot with findings is outlined red. Opened from
 * the folder (file://), so only relative links and no scripts.
 */
export function contactSheet(shots: Shot[]): string {
  const columns = [...new Set(shots.map((s) => `${s.role} ${s.size}`))].sort();
  const routes = [...new Set(shots.map((s) => s.url))].sort();
  const cell = (url: string, column: string) => {
    const shot = shots.find((s) => s.url === url && `${s.role} ${s.size}` === column);
    if (!shot) return '<td></td>';
    const flagged = shot.problems > 0 ? ` class="bad" title="${shot.problems} finding(s)"` : '';
    return `<td${flagged}><a href="${escape(shot.file)}"><img loading="lazy" src="${escape(shot.file)}" alt="${escape(`${url} as ${column}`)}"></a></td>`;
  };
  const rows = routes
    .map((url) => `<tr><th>${escape(url)}</th>${columns.map((c) => cell(url, c)).join('')}</tr>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Layout guard: ${shots.length} screenshots</title>
<style>
body{font:14px system-ui,sans-serif;margin:16px}table{border-collapse:collapse}
th,td{border:1px solid #ccc;padding:4px;vertical-align:top}thead th{position:sticky;top:0;background:#fff}
tbody th{text-align:left;font-family:monospace;max-width:240px;overflow-wrap:anywhere}
img{width:160px;max-height:320px;object-fit:cover;object-position:top}td.bad{outline:3px solid #c00}
</style></head><body>
<h1>Layout guard: ${routes.length} routes, ${shots.length} screenshots</h1>
<p>Each cell: the page as that role at that size (click for the full page). Red: the guard found a problem there.</p>
<table><thead><tr><th>route</th>${columns.map((c) => `<th>${escape(c)}</th>`).join('')}</tr></thead>
<tbody>
${rows}
</tbody></table></body></html>
`;
}
