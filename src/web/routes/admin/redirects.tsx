/** /admin/redirects: placeholder while this screen is built. */
import { adminMeta } from '../../features/admin/admin-meta';

/** Page title. */
export const meta = () => adminMeta('Redirects');

export default function AdminRedirects() {
  return <h1 className="text-2xl font-semibold text-stone-900">Redirects</h1>;
}
