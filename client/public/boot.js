// Before the first paint: apply the saved theme (light, dark, or the system's) so a dark page
// never flashes white. The theme toggle writes the same key. A file of its own rather than an
// inline script, so the Content-Security-Policy can keep `script-src 'self'` (no inline code).
try {
  var saved = localStorage.getItem('townhall:theme');
  var dark = saved === 'dark' || (saved !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
} catch {
  // storage or matchMedia unavailable (a locked-down browser): the light theme stays
}
