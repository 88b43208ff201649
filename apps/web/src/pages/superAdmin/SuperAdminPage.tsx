import { RequireUser } from '../../session/RequireUser.js';
import { CreateUserForm } from './CreateUserForm.js';
import { DeploymentTools } from './DeploymentTools.js';
import { UsersTable } from './UsersTable.js';

/**
 * `/{chain}/admin/super-admin` (spec section 2): the users table and the deployment tools, for the
 * super admin only.
 */
export function SuperAdminPage() {
  return (
    <RequireUser superAdmin>
      <section className="super-admin" aria-labelledby="super-admin-title">
        <h1 id="super-admin-title" className="page-title">
          Users
        </h1>
        <CreateUserForm />
        <UsersTable />
        <DeploymentTools />
      </section>
    </RequireUser>
  );
}
