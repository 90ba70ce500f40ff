import { Navigate, NavLink, Outlet, useLocation } from 'react-router';

import { AdminGate } from '#client/features/admin/components/admin-gate.tsx';
import { cn } from '#client/lib/cn.ts';
import { paths } from '#client/lib/paths.ts';

/** The pages of /admin, in the order of its tabs. */
export const ADMIN_PAGES: readonly { href: string; label: string }[] = [
  { href: paths.admin.users(), label: 'Users' },
  { href: paths.admin.content(), label: 'Content' },
  { href: paths.admin.messages(), label: 'Messages' },
  { href: paths.admin.mail(), label: 'Mail' },
  { href: paths.admin.pageViews(), label: 'Page views' },
  { href: paths.admin.auditLog(), label: 'Audit log' },
];

/**
 * /admin/*: for administrators only (signed out: a prompt and the sign-in modal; anyone else:
 * 'Only administrators can open this page.'), then the heading, a row of tabs that scrolls
 * sideways on phones, and the page.
 */
export function AdminLayoutRoute() {
  const { pathname } = useLocation();
  // Before the gate, so /admin lands on its first tab signed in or not (the sign-in prompt shows there).
  if (/^\/admin\/?$/.test(pathname)) return <Navigate to={paths.admin.users()} replace />;
  return (
    <AdminGate>
      <div className="flex min-h-0 flex-1 flex-col">
        <div className="border-b border-border px-4 pt-4 sm:px-6 sm:pt-6">
          <h1 className="text-2xl font-bold tracking-tight">Administration</h1>
          <nav aria-label="Administration" className="mt-3">
            <ul className="-mb-px flex gap-1 overflow-x-auto">
              {ADMIN_PAGES.map(({ href, label }) => (
                <li key={href} className="shrink-0">
                  <NavLink
                    to={href}
                    className={({ isActive }) =>
                      cn(
                        'inline-flex border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors',
                        'rounded-t-md outline-none focus-visible:ring-2 focus-visible:ring-ring',
                        isActive
                          ? 'border-primary text-foreground'
                          : 'border-transparent text-muted-foreground hover:text-foreground',
                      )
                    }
                  >
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <Outlet />
      </div>
    </AdminGate>
  );
}
