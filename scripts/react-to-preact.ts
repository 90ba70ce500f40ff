/**
 * The client is written against React's API and runs on Preact's compat layer (decision 023).
 * Each module name on the left is answered by the one on the right: in the build and in dev
 * through Vite's aliases (vite.config.ts), in the client tests also for the dependencies that
 * Node loads itself (tests/client-on-preact.ts). Without these, the client runs on React again.
 */
export const REACT_TO_PREACT: Readonly<Record<string, string>> = {
  react: 'preact/compat',
  'react/jsx-runtime': 'preact/compat/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/compat/jsx-dev-runtime',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
};
