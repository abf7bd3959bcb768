/** /admin/activity: placeholder while this screen is built. */
import { adminMeta } from '../../features/admin/admin-meta';

/** Page title. */
export const meta = () => adminMeta('Activity');

export default function AdminActivity() {
  return <h1 className="text-2xl font-semibold text-stone-900">Activity</h1>;
}
