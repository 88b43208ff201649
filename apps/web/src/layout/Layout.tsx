import { Outlet } from 'react-router';
import { Header } from './Header.js';

/**
 * The admin layout: the header and the page. The admin area uses the screen's width on desktop
 * (tables with every column); the spec's 585 px column and 350 px card belong to the public chip
 * page, which has its own layout.
 */
export function Layout() {
  return (
    <div className="app" data-theme="light">
      <Header />
      <main className="admin-main">
        <Outlet />
      </main>
    </div>
  );
}
