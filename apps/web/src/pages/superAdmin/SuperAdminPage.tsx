import { RequireUser } from '../../session/RequireUser.js';
import { CreateUserForm } from './CreateUserForm.js';
import { UsersTable } from './UsersTable.js';

/**
 * `/{chain}/admin/super-admin` (spec section 2): the users table, for the super admin only.
 * The deployment tools come with their own issue.
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
      </section>
    </RequireUser>
  );
}
