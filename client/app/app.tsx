import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';

import { AppProvider } from '#client/app/provider.tsx';
import { createAppRouter } from '#client/app/router.tsx';

/** The whole client app: providers around the router. */
export function App() {
  const [router] = useState(createAppRouter);
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
