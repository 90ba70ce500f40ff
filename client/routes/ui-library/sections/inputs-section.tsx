import { useState } from 'react';

import { SwitchField } from '#client/components/ui/switch.tsx';
import { TextArea } from '#client/components/ui/text-area.tsx';
import { TextInput } from '#client/components/ui/text-input.tsx';

import { DemoSection } from '../demo-section.tsx';

const BIO_OVER_LIMIT =
  'I host a weekly question-and-answer session about woodworking, from choosing your first chisel to finishing a dining table that lasts.';

/** Text input and text area with live counters, one of them already over its limit. */
export function InputsSection() {
  const [headline, setHeadline] = useState('Ask me about sourdough');
  const [isDigestOn, setDigestOn] = useState(true);

  return (
    <DemoSection
      id="inputs"
      title="Inputs"
      description="With a maximum length, a live counter shows under the field and turns red past the limit; typing is never cut off. The text area is at least 3 rows high. Switches turn one setting on or off at once."
    >
      <div className="grid gap-6 md:grid-cols-2">
        <TextInput label="Display name" hint="Shown on your profile and your answers." maxLength={40} />
        <TextInput
          label="Headline"
          hint="A controlled field: its value lives in the page."
          maxLength={30}
          value={headline}
          onChange={(event) => setHeadline(event.target.value)}
        />
        <TextInput label="Website" type="url" placeholder="https://example.org" error="Enter a full address." />
        <TextInput label="City" hint="No limit, so no counter." />
        <TextArea label="Ask a question" placeholder="What would you like to know?" maxLength={280} />
        <TextArea label="Bio" hint="Over the limit from the start." maxLength={100} defaultValue={BIO_OVER_LIMIT} />
        <SwitchField
          label="Weekly digest"
          description="Once a week, what happened in your groups."
          checked={isDigestOn}
          onCheckedChange={setDigestOn}
        />
        <SwitchField label="Product updates" description="Disabled: it cannot be changed here." disabled />
      </div>
    </DemoSection>
  );
}
