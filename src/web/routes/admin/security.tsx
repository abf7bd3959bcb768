/** /admin/security: placeholder while this screen is built. */
import { adminMeta } from '../../features/admin/admin-meta';

/** Page title. */
export const meta = () => adminMeta('My sign-in');

export default function AdminSecurity() {
  return <h1 className="text-2xl font-semibold text-stone-900">My sign-in</h1>;
}
