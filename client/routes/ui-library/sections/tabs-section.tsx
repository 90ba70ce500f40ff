import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';

import { DemoSection } from '../demo-section.tsx';

const TABS = [
  'Posts',
  'Questions',
  'Answered',
  'Members',
  'Subscribers',
  'Events',
  'Media',
  'About',
  'Pinned',
  'Drafts',
  'Moderation',
  'Settings',
];

/** Tabs that overflow their row, with scroll buttons and arrow-key movement. */
export function TabsSection() {
  return (
    <DemoSection
      id="tabs"
      title="Tabs"
      description="Arrow keys move between tabs; when the row overflows, scroll buttons move it by 200 px."
    >
      <div className="max-w-xl rounded-lg border p-3">
        <Tabs defaultValue="Posts">
          <TabsList aria-label="Group sections">
            {TABS.map((tab) => (
              <TabsTrigger key={tab} value={tab}>
                {tab}
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map((tab) => (
            <TabsContent key={tab} value={tab} className="p-2 text-sm text-muted-foreground">
              The {tab.toLowerCase()} of a group appear here.
            </TabsContent>
          ))}
        </Tabs>
      </div>
    </DemoSection>
  );
}
