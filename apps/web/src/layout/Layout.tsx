import { Outlet } from 'react-router';
import { ConsoleNav } from './ConsoleNav.js';
import { Header } from './Header.js';
import { TxToasts } from './TxToasts.js';

/**
 * The admin layout: the header and the page. The admin area uses the screen's width on desktop
 * (tables with every column); the spec's 585 px column and 350 px card belong to the public chip
 * page, which has its own layout.
 */
export function Layout() {
  return (
    <div className="app" data-theme="light">
      <Header />
      <ConsoleNav />
      <main className="admin-main">
        <Outlet />
      </main>
      <TxToasts />
    </div>
  );
}
