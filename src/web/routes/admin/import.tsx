/** /admin/import: placeholder while this screen is built. */
import { adminMeta } from '../../features/admin/admin-meta';

/** Page title. */
export const meta = () => adminMeta('Import from Shopify');

export default function AdminImport() {
  return <h1 className="text-2xl font-semibold text-stone-900">Import from Shopify</h1>;
}
