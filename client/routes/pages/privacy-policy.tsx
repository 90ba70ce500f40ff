/** Placeholder: replaced by the feature that owns this page (issue 8). */
export function PrivacyPolicyRoute() {
  return <h1 className="p-6 text-2xl font-semibold">Privacy policy</h1>;
}
