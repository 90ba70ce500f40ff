/** Placeholder: replaced by the feature that owns this page (issue 8). */
export function DashboardRoute() {
  return <h1 className="p-6 text-2xl font-semibold">Dashboard</h1>;
}
