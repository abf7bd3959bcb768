/**
 * /admin/settings: the shop's settings, opened from the dashboard's Settings tile; the fields that
 * print on invoices editable only with 'settings.tax', and the Staff policy section (refund limits,
 * two-step rule) only with 'staff.manage'.
 */
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { PageLoader } from '../../components/ui/spinner';
import { adminMeta } from '../../features/admin/admin-meta';
import { useShopSettings } from '../../features/admin/settings/api';
import { SettingsForm } from '../../features/admin/settings/settings-form';
import { StaffPolicyForm } from '../../features/admin/settings/staff-policy-form';
import { allows } from '../../features/admin/staff-permissions';
import { useAdmin } from './admin-layout';

/** Page title. */
export const meta = () => adminMeta('Settings');

/** The settings screen. */
export default function AdminSettings() {
  const settings = useShopSettings();
  const admin = useAdmin();
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link to="/admin/dashboard" className="inline-flex items-center gap-1 text-sm font-medium text-stone-600 hover:text-brand">
        <span aria-hidden="true">←</span> Back to Dashboard
      </Link>
      <div>
        <h1 className="font-serif text-3xl font-semibold text-stone-900">Settings</h1>
        <p className="mt-1 text-stone-600">The shop's details, cash on delivery, delivery times and GST rates.</p>
      </div>
      {settings.isPending ? (
        <PageLoader text="Loading settings..." />
      ) : settings.isError ? (
        <div className="space-y-3 rounded-lg bg-red-50 p-4 text-sm text-red-700">
          <p>{settings.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <SettingsForm key={settings.data.updatedAt ?? 'defaults'} settings={settings.data} mayChangeTax={allows(admin, 'settings.tax')} />
          {allows(admin, 'staff.manage') ? <StaffPolicyForm policy={settings.data.staffPolicy} /> : null}
        </>
      )}
    </div>
  );
}
