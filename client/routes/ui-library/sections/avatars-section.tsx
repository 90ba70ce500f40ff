import { Heart, MessageCircle, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';

import { AVATAR_STATUSES } from '#client/components/ui/avatar-rules.ts';
import { Avatar, AvatarGroup, type AvatarShape, type AvatarSize } from '#client/components/ui/avatar.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { HoverCard, HoverCardContent, HoverCardTrigger } from '#client/components/ui/hover-card.tsx';
import { Tooltip, TooltipContent, TooltipTrigger } from '#client/components/ui/tooltip.tsx';

import { DemoSection } from '../demo-section.tsx';

const SIZES: AvatarSize[] = ['xs', 'sm', 'md', 'lg', 'xl', '2xl'];
const SHAPES: AvatarShape[] = ['circular', 'rounded', 'square'];

// A picture shipped with the app: nothing is fetched from another host.
const PICTURE = '/samples/forest.svg';
// Any path the server does not have: the image fails and the initials take over.
// Bytes that are no image: the browser fails to decode it, without a failed request in the console.
const BROKEN_PICTURE = 'data:image/png;base64,AAAA';

const MEMBERS = [
  { id: 101, name: 'Ada Lovelace' },
  { id: 102, name: 'Grace Hopper' },
  { id: 103, name: 'Alan Turing' },
  { id: 104, name: 'Katherine Johnson' },
  { id: 105, name: 'Edsger Dijkstra' },
  { id: 106, name: 'Barbara Liskov' },
  { id: 107, name: 'Margaret Hamilton' },
];

/** Every avatar size, shape and status, the initials fallback, a group with '+N', a hover card and tooltips. */
export function AvatarsSection() {
  return (
    <DemoSection
      id="avatars"
      title="Avatars"
      description="Without a picture, or when it fails to load, the initials show on one of 7 gradients chosen by user id. The status dot is read out. A group shows 3, then '+N'."
    >
      <div className="grid gap-6">
        <DemoRow label="Sizes">
          {SIZES.map((size) => (
            <Avatar key={size} size={size} src={PICTURE} name={`Picture, size ${size}`} />
          ))}
          {SIZES.map((size) => (
            <Avatar key={size} size={size} name="Ada Lovelace" userId={101} />
          ))}
        </DemoRow>

        <DemoRow label="Shapes">
          {SHAPES.map((shape) => (
            <Avatar key={shape} shape={shape} size="lg" name={`Grace Hopper (${shape})`} userId={102} />
          ))}
          {SHAPES.map((shape) => (
            <Avatar key={shape} shape={shape} size="lg" src={PICTURE} name={`Picture (${shape})`} />
          ))}
        </DemoRow>

        <DemoRow label="Status">
          {AVATAR_STATUSES.map((status) => (
            <span key={status} className="flex items-center gap-2 text-sm">
              <Avatar size="lg" name="Alan Turing" alt="" userId={103} status={status} />
              <span className="capitalize">{status}</span>
            </span>
          ))}
        </DemoRow>

        <DemoRow label="Initials on the 7 gradients (user ids 0 to 6), a string id, and no name">
          {[
            'Ada Lovelace',
            'grace hopper',
            'Alan',
            'Katherine G. Johnson',
            'Edsger W Dijkstra',
            'Barbara',
            'Margaret',
          ].map((name, id) => (
            <Avatar key={name} name={name} userId={id} />
          ))}
          <Avatar name="Linus Torvalds" userId="b7c1e0a4-5d2f-4e8b" />
          <Avatar />
        </DemoRow>

        <DemoRow label="A picture that fails to load">
          <Avatar size="lg" src={BROKEN_PICTURE} name="Broken Picture" userId={104} />
        </DemoRow>

        <DemoRow label="Groups">
          <AvatarGroup aria-label="Members of the group">
            {MEMBERS.map((member) => (
              <Avatar key={member.id} name={member.name} userId={member.id} />
            ))}
          </AvatarGroup>
          <AvatarGroup aria-label="People who liked this" max={5} size="sm">
            {MEMBERS.map((member) => (
              <Avatar key={member.id} name={member.name} userId={member.id} />
            ))}
          </AvatarGroup>
        </DemoRow>

        <DemoRow label="Hover card (700 ms to open, 300 ms to close) and tooltips (300 ms, 100 ms)">
          <p className="text-sm">
            Asked by{' '}
            <HoverCard>
              <HoverCardTrigger asChild>
                <a href="#avatars" className="font-medium underline decoration-primary decoration-2 underline-offset-4">
                  Ada Lovelace
                </a>
              </HoverCardTrigger>
              <HoverCardContent className="w-72">
                <MiniProfile />
              </HoverCardContent>
            </HoverCard>{' '}
            in Analytical Engines.
          </p>
          <div className="flex gap-1">
            <IconWithTooltip label="Like" icon={<Heart />} />
            <IconWithTooltip label="Reply" icon={<MessageCircle />} />
            <IconWithTooltip label="Follow Ada" icon={<UserPlus />} />
          </div>
        </DemoRow>
      </div>
    </DemoSection>
  );
}

function MiniProfile() {
  return (
    <div className="flex gap-3">
      <Avatar size="lg" name="Ada Lovelace" alt="" userId={101} status="online" />
      <div className="grid min-w-0 gap-1">
        <p className="font-semibold">Ada Lovelace</p>
        <p className="text-sm text-muted-foreground">@ada</p>
        <p className="text-sm">Writes programs for machines that do not exist yet.</p>
        <p className="flex gap-3 text-xs text-muted-foreground">
          <span>
            <strong className="text-foreground">1,842</strong> followers
          </span>
          <span>
            <strong className="text-foreground">12</strong> following
          </span>
        </p>
      </div>
    </div>
  );
}

function IconWithTooltip({ label, icon }: { label: string; icon: ReactNode }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={label}>
          {icon}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}

function DemoRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="mb-2 text-sm font-medium text-muted-foreground">{label}</h3>
      <div className="flex flex-wrap items-center gap-3">{children}</div>
    </div>
  );
}
