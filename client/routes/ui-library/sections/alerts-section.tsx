import { useState } from 'react';

import { Alert } from '#client/components/ui/alert.tsx';
import { Button } from '#client/components/ui/button.tsx';

import { DemoSection } from '../demo-section.tsx';

/** The five alert variants, each with a Dismiss control, and a button to bring them back. */
export function AlertsSection() {
  // A new key remounts the uncontrolled alerts, which forgets that they were dismissed.
  const [generation, setGeneration] = useState(0);

  return (
    <DemoSection
      id="alerts"
      title="Alerts"
      description="Errors and warnings are announced at once (role alert); the others politely (role status)."
    >
      <div key={generation} className="grid gap-3 md:grid-cols-2">
        <Alert variant="success" title="Profile saved" description="Your changes are live." isDismissible />
        <Alert
          variant="error"
          title="Could not post your question"
          description="The group is closed for new questions."
          isDismissible
        />
        <Alert
          variant="warning"
          title="Your subscription ends soon"
          description="Renew within 3 days to keep asking questions."
          isDismissible
        />
        <Alert
          variant="info"
          title="Live session tonight"
          description="Ada answers questions at 20:00."
          isDismissible
        />
        <Alert title="Heads up" description="This is the default alert." isDismissible className="md:col-span-2" />
      </div>
      <Button variant="outline" size="sm" className="mt-4" onClick={() => setGeneration((value) => value + 1)}>
        Show all alerts again
      </Button>
    </DemoSection>
  );
}
