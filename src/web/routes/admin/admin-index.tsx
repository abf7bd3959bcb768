/**
 * /admin: the dashboard is the admin area's front page.
 */
import { redirect } from 'react-router';

/** Sends /admin to /admin/dashboard. */
export function loader() {
  return redirect('/admin/dashboard');
}
