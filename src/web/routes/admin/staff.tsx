/** /admin/staff: placeholder while this screen is built. */
import { adminMeta } from '../../features/admin/admin-meta';

/** Page title. */
export const meta = () => adminMeta('Staff');

export default function AdminStaff() {
  return <h1 className="text-2xl font-semibold text-stone-900">Staff</h1>;
}
