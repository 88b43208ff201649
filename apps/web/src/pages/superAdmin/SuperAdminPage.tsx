import { RequireUser } from '../../session/RequireUser.js';
import { CreateUserForm } from './CreateUserForm.js';
import { DeploymentTools } from './DeploymentTools.js';
import { SUPER_ADMIN_GROUPS, SuperAdminTabs } from './SuperAdminTabs.js';
import { UsersTable } from './UsersTable.js';
import './superAdmin.css';

/**
 * `/{chain}/admin/super-admin` (spec section 2): the users table and the deployment tools, for the
 * super admin only, grouped (users, contracts, chain) behind a small tab bar that jumps to each group.
 * Every group stays rendered: the tools keep their place on the page and a search of the page finds them.
 */
export function SuperAdminPage() {
  return (
    <RequireUser superAdmin>
      <section className="super-admin" aria-labelledby="super-admin-title">
        <h1 id="super-admin-title" className="page-title">
          Users
        </h1>
        <SuperAdminTabs />
        <section id={SUPER_ADMIN_GROUPS.users} className="super-admin__group">
          <CreateUserForm />
          <UsersTable />
        </section>
        <DeploymentTools />
      </section>
    </RequireUser>
  );
}
