// First setup file of the client tests, which run the client on preact/compat as the build does
// (decision 023).
import { registerHooks } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { REACT_TO_PREACT } from '../scripts/react-to-preact.ts';

// Vitest hands the dependencies in node_modules to Node, which would find the real react and
// react-dom for Testing Library, React Router, TanStack Query, Radix, cmdk, sonner and lucide.
// This points Node at preact/compat instead: the same module files that Vite's aliases give the
// client's own code, so there is one Preact. Testing Library's `act` comes from
// tests/preact-act.ts.
const preactAct = pathToFileURL(path.join(import.meta.dirname, 'preact-act.ts')).href;
const registered = Symbol.for('townhall.react-to-preact');
const state = process as unknown as Record<symbol, boolean>;
if (!state[registered]) {
  state[registered] = true;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (specifier === 'react-dom/test-utils') return { url: preactAct, shortCircuit: true };
      return nextResolve(REACT_TO_PREACT[specifier] ?? specifier, context);
    },
  });
}
