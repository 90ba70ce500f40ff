// Runs before the app's modules, as a file of its own rather than an inline script, so the
// Content-Security-Policy can keep `script-src 'self'` (no inline code, no eval).

// Zod tries `new Function` when its first object schema is defined, to see whether it may
// compile its parsers; the CSP refuses that and reports a violation. Zod reads this shared
// setting (its `z.config`) when it loads, so it never tries; it parses as after a refusal.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });

// Before the first paint: apply the saved theme (light, dark, or the system's) so a dark page
// never flashes white. The theme toggle writes the same key.
try {
  var saved = localStorage.getItem('townhall:theme');
  var dark = saved === 'dark' || (saved !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
} catch {
  // storage or matchMedia unavailable (a locked-down browser): the light theme stays
}

// The presenter view: no static top bar, and with ?transparent=1 no background (index.css).
if (/^\/event\/[^/]+\/present\/?$/.test(location.pathname)) {
  document.documentElement.setAttribute('data-bare-page', '');
  if (/[?&]transparent=1(&|$)/.test(location.search)) {
    document.documentElement.setAttribute('data-transparent-page', '');
  }
}
