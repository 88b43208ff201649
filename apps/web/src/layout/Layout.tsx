import { Outlet } from 'react-router';
import { Page } from '@metatag/ui';
import { Header } from './Header.js';

export function Layout() {
  return (
    <div className="app" data-theme="light">
      <Header />
      <Page>
        <Outlet />
      </Page>
    </div>
  );
}
