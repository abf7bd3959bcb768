/**
 * /admin/import: moving in from Shopify (docs/owners-guide.md#moving-in-from-shopify). One section
 * per kind of file, each its own component under features/admin/import/.
 */
import { adminMeta } from '../../features/admin/admin-meta';
import { CustomersImport } from '../../features/admin/import/customers-import';
import { ProductsImport } from '../../features/admin/import/products-import';

/** Page title. */
export const meta = () => adminMeta('Import from Shopify');

export default function AdminImport() {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-stone-900">Import from Shopify</h1>
      <ProductsImport />
      <CustomersImport />
    </div>
  );
}
