import type { SceneName } from './demo-images.ts';

/**
 * The demo community: who is in it, what they host, post and ask. Plain data, read by
 * `seed-demo.ts`, which creates all of it through the real API.
 */

/** Every demo account signs in with this password. */
export const DEMO_PASSWORD = 'townhall-demo';

/** Demo e-mails use the reserved `.test` domain: no message can ever reach a real mailbox. */
export const DEMO_EMAIL_DOMAIN = 'demo.townhall.test';

export interface DemoPersonSpec {
  username: string;
  /** Unless given: the username (dots for underscores) at DEMO_EMAIL_DOMAIN. */
  email?: string;
  name: string;
  quote?: string;
  /** false: this person keeps the default picture (not everyone uploads one). */
  hasAvatar?: boolean;
}

/** The first account: the admin trigger makes it the administrator ('admin' itself is a blocked username). */
export const DEMO_ADMIN: DemoPersonSpec = {
  username: 'site-steward',
  email: `admin@${DEMO_EMAIL_DOMAIN}`,
  name: 'Site Admin (demo)',
  quote: 'I keep this demo community tidy. Sign in as me to see /admin.',
};

export interface DemoPostSpec {
  /** The host, or a subscriber by username. */
  author?: string;
  body: string;
  /** Scenes of its pictures (none, one or several). */
  images?: SceneName[];
  /** How long ago it was posted, in hours. */
  hoursAgo: number;
  comments?: { author: string; body: string; replies?: { author: string; body: string }[] }[];
}

export interface DemoQuestionSpec {
  author: string;
  body: string;
  /** How many people vote for it. */
  votes: number;
  /** The host's answer, if any. */
  answer?: string;
  /** The question the host is answering now (one per group). */
  isPinned?: boolean;
  /** Left pending for the host's approval (groups that ask for approval). */
  isPending?: boolean;
  /** Asked anonymously (the group allows it). */
  anonymous?: boolean;
}

export interface DemoSessionSpec {
  when: 'live' | 'upcoming' | 'past';
  title: string;
  description: string;
  durationMinutes: number;
  questions: DemoQuestionSpec[];
}

export interface DemoGroupSpec {
  slug: string;
  name: string;
  description: string;
  scene: SceneName;
  ama: boolean;
  questionsNeedApproval?: boolean;
  /** Usernames the host adds as members. */
  members: string[];
  posts: DemoPostSpec[];
  /** The general question queue (no session). */
  questions?: DemoQuestionSpec[];
  session?: DemoSessionSpec;
}

export interface DemoCreatorSpec extends DemoPersonSpec {
  /** How many of the other people follow them (ordering of /creator). */
  popularity: number;
  group: DemoGroupSpec;
}

export const DEMO_CREATORS: DemoCreatorSpec[] = [
  {
    username: 'leo_pixels',
    name: 'Leo Tanaka',
    quote: 'Solo indie game dev. Shipped two small games, working on a third. Ask me about scope creep.',
    popularity: 22,
    group: {
      slug: 'pixel-forge',
      name: 'Pixel Forge',
      description:
        'Making small games alone: design, pixel art, marketing on no budget, and shipping on Steam. Live Q&A every few weeks.',
      scene: 'pixelWorld',
      ama: true,
      members: ['nina_k'],
      posts: [
        {
          body: 'New tileset for the forest level. Went from 16 to 20 px tiles and everything suddenly breathes.',
          images: ['pixelWorld', 'pixelWorld'],
          hoursAgo: 30,
          comments: [
            {
              author: 'nina_k',
              body: 'The tree tops read so much better now. Are you keeping the 4-colour palette?',
              replies: [{ author: 'leo_pixels', body: 'Five colours now: I gave in and added a highlight green.' }],
            },
            { author: 'omar_h', body: 'This is giving me serious late-90s handheld vibes. Love it.' },
          ],
        },
        {
          body: 'Wishlists went from 1,200 to 3,900 after the demo festival. **Demos work.** Make one, even a rough one.',
          hoursAgo: 75,
          comments: [
            { author: 'jules_p', body: 'How long was your demo? I keep thinking mine is too short.' },
            { author: 'ben_c', body: 'Congrats! Did you change the capsule art before the festival?' },
          ],
        },
        {
          author: 'nina_k',
          body: 'Sharing my first jam game from last weekend — 48 hours, one mechanic, lots of bugs. Feedback welcome!',
          hoursAgo: 12,
          comments: [{ author: 'leo_pixels', body: 'The jump feels great. Coyote time?' }],
        },
      ],
      questions: [
        {
          author: 'theo_m',
          body: 'Which engine would you pick today for a 2D pixel-art platformer?',
          votes: 6,
          answer:
            'Whatever you can finish a game in. For me that is Godot: it is light and the 2D tools are first-class.',
        },
      ],
      session: {
        when: 'live',
        title: 'Shipping my first game on Steam: ask me anything',
        description:
          'Two years, one game, 40,000 copies. Ask about marketing, scope, burnout, pricing, the launch week, anything.',
        durationMinutes: 90,
        questions: [
          {
            author: 'jules_p',
            body: 'How did you decide on the price, and would you change it now?',
            votes: 14,
            isPinned: true,
          },
          {
            author: 'omar_h',
            body: 'What was the one marketing thing that actually moved the needle?',
            votes: 11,
            answer:
              'Short gameplay clips on social media, every week for a year. Boring, consistent, and by far the biggest source of wishlists.',
          },
          {
            author: 'sofia_r',
            body: 'How do you deal with burnout when you are the only person on the project?',
            votes: 9,
            answer:
              'I stopped working weekends after month eight. Output went up, not down. Also: finish small things often so you feel progress.',
          },
          { author: 'ben_c', body: 'Did you use a publisher? Why or why not?', votes: 7 },
          {
            author: 'hana_s',
            body: 'What would you cut if you started the same game again?',
            votes: 5,
            answer: 'The crafting system. Three months of work that maybe ten percent of players touched.',
          },
          { author: 'marco_d', body: 'How many hours a week did you work on it while having a day job?', votes: 4 },
          { author: 'ella_w', body: 'Any tips for writing a Steam page description that converts?', votes: 2 },
          { author: 'kofi_a', body: 'Controller support from day one, or later?', votes: 1 },
        ],
      },
    },
  },
  {
    username: 'samkeys',
    name: 'Sam Whitfield',
    quote: 'Jazz pianist. Trio gigs on weekends, teaching on weekdays, practising in between.',
    popularity: 18,
    group: {
      slug: 'after-hours-jazz',
      name: 'After Hours Jazz Piano',
      description:
        'Voicings, comping, standards and the practice habits that make them stick. Monthly live Q&A sessions; transcripts stay here.',
      scene: 'pianoKeys',
      ama: true,
      members: ['lucia_g'],
      posts: [
        {
          body: 'Tonight’s practice: rootless voicings on *All the Things You Are*, left hand only, metronome on 2 and 4.',
          images: ['pianoKeys'],
          hoursAgo: 20,
          comments: [
            {
              author: 'lucia_g',
              body: 'Type A or type B voicings first?',
              replies: [{ author: 'samkeys', body: 'A first, then switch at every chord change. Slowly!' }],
            },
          ],
        },
        {
          body: 'Recorded a short solo intro for our trio. The waveform says I rush the turnaround. The waveform is right.',
          images: ['waveform'],
          hoursAgo: 96,
          comments: [
            { author: 'david_l', body: 'Recording yourself is humbling. Best teacher there is.' },
            { author: 'priya_nutrition', body: 'Sounds lovely even if it rushes — share the full take?' },
          ],
        },
      ],
      questions: [
        { author: 'ella_w', body: 'Which standards should a beginner learn first?', votes: 5 },
        { author: 'marco_d', body: 'How do you practise comping without a band?', votes: 3 },
      ],
      session: {
        when: 'past',
        title: 'Practice routines that actually work',
        description: 'How I structure an hour at the piano, and your questions about voicings, time and repertoire.',
        durationMinutes: 60,
        questions: [
          {
            author: 'david_l',
            body: 'How do you split an hour of practice?',
            votes: 9,
            answer:
              '10 minutes of scales in time, 20 on voicings through one tune, 20 on repertoire, 10 playing for fun. The last part matters most.',
          },
          {
            author: 'lucia_g',
            body: 'What is the fastest way to get better at sight-reading?',
            votes: 7,
            answer: 'Read something new every day, easier than you think you need, and never stop to fix mistakes.',
          },
          {
            author: 'sofia_r',
            body: 'Do you transcribe solos by ear or with software?',
            votes: 6,
            answer: 'By ear, slowed down with software. The slowing down is fine; writing it out is optional.',
          },
          {
            author: 'kofi_a',
            body: 'How do I stop rushing when I play with others?',
            votes: 4,
            answer: 'Practise with the metronome on 2 and 4 only, then on 4 only, then once a bar.',
          },
          { author: 'ella_w', body: 'Favourite album to learn comping from?', votes: 2 },
        ],
      },
    },
  },
  {
    username: 'priya_nutrition',
    name: 'Dr. Priya Raman',
    quote: 'Nutrition scientist. I read the studies so you do not have to, and I tell you when they are weak.',
    popularity: 20,
    group: {
      slug: 'eat-like-a-scientist',
      name: 'Eat Like a Scientist',
      description:
        'Evidence-based nutrition without the hype: what the research says, what it does not, and how to read a study yourself.',
      scene: 'bowls',
      ama: true,
      members: ['hana_s'],
      posts: [
        {
          body: 'Lunch today: lentils, roasted vegetables, tahini. About 30 g of protein and 15 g of fibre. Nothing fancy — that is the point.',
          images: ['bowls'],
          hoursAgo: 6,
          comments: [
            { author: 'hana_s', body: 'Do you soak your lentils or cook them straight?' },
            {
              author: 'grace_o',
              body: 'Saving this. Fibre is where I always fall short.',
              replies: [{ author: 'priya_nutrition', body: 'Most people do! Beans and oats are the easiest wins.' }],
            },
          ],
        },
        {
          body: 'A new study made headlines this week about coffee. Reminder: it was observational, 2,000 people, and the effect size was tiny. Keep your coffee.',
          hoursAgo: 50,
          comments: [{ author: 'tom_novak', body: 'Thank you. My morning cup and I are relieved.' }],
        },
      ],
      questions: [
        {
          author: 'grace_o',
          body: 'Is intermittent fasting better than just eating less?',
          votes: 8,
          answer:
            'In the trials so far, not really: weight loss is about the same when calories match. Pick whichever you can keep doing.',
        },
        { author: 'theo_m', body: 'How much protein do endurance athletes actually need?', votes: 4 },
      ],
      session: {
        when: 'upcoming',
        title: 'Supplements: which ones are worth it?',
        description:
          'Vitamin D, creatine, protein powder, omega-3 and the rest. Bring your questions; I bring the studies.',
        durationMinutes: 60,
        questions: [
          { author: 'marco_d', body: 'Is creatine safe to take every day?', votes: 6 },
          { author: 'ella_w', body: 'Should everyone in northern countries take vitamin D in winter?', votes: 4 },
          { author: 'ben_c', body: 'Are multivitamins a waste of money?', votes: 3 },
        ],
      },
    },
  },
  {
    username: 'ingrid_climate',
    name: 'Dr. Ingrid Solberg',
    quote: 'Climate researcher. Ice, oceans, and explaining both to people who did not sign up for a lecture.',
    popularity: 16,
    group: {
      slug: 'climate-plainly',
      name: 'Climate, Plainly',
      description:
        'Climate science in plain words from someone who measures it. Questions are approved before they appear, so the queue stays on topic.',
      scene: 'climateStripes',
      ama: true,
      questionsNeedApproval: true,
      members: ['david_l'],
      posts: [
        {
          body: 'Warming stripes for my home town, 1900 to last year. Each stripe is one year’s average temperature. No axis needed.',
          images: ['climateStripes'],
          hoursAgo: 28,
          comments: [
            { author: 'david_l', body: 'This is the chart I show my students. It just lands.' },
            { author: 'amara_n', body: 'Where can I make one for my own city?' },
          ],
        },
        {
          body: 'Back from three weeks on the ice sheet. Fieldwork notes and photos coming over the next days.',
          hoursAgo: 140,
        },
      ],
      questions: [
        {
          author: 'amara_n',
          body: 'How do we know the current warming is not just a natural cycle?',
          votes: 9,
          answer:
            'Natural drivers (the sun, volcanoes, orbital cycles) are measured, and together they would have cooled us slightly since 1950. The warming matches the extra CO₂.',
        },
        { author: 'sofia_r', body: 'What does a day of fieldwork on an ice sheet look like?', votes: 5 },
        { author: 'jules_p', body: 'Is it too late to make a difference?', votes: 3 },
        {
          author: 'liam_b',
          body: 'Why did it snow so much last winter if the planet is warming?',
          votes: 0,
          isPending: true,
        },
        { author: 'kofi_a', body: 'Which sea-level projections do you trust most?', votes: 0, isPending: true },
      ],
    },
  },
  {
    username: 'maya_makes',
    name: 'Maya Okafor',
    quote: 'Furniture maker. Hand tools, local hardwood, no screws if I can help it.',
    popularity: 14,
    group: {
      slug: 'joinery-bench',
      name: 'The Joinery Bench',
      description:
        'Hand-tool woodworking: joinery, sharpening, finishing and the odd disaster. Share your builds, ask anything.',
      scene: 'workshop',
      ama: false,
      members: ['omar_h', 'grace_o'],
      posts: [
        {
          body: 'Dovetails for the walnut chest are cut. Saw, chisel, and about four hours of patience.',
          images: ['workshop', 'workshop'],
          hoursAgo: 8,
          comments: [
            {
              author: 'omar_h',
              body: 'Tails first or pins first?',
              replies: [
                { author: 'maya_makes', body: 'Tails first, always. Easier to mark the pins from them.' },
                { author: 'grace_o', body: 'Pins first gang, respectfully.' },
              ],
            },
            { author: 'liam_b', body: 'Those baselines are so crisp. What chisel are you using?' },
          ],
        },
        {
          body: 'Sharpening routine, in order: 1000 grit, 6000 grit, strop. Ten strokes each, every morning. That is it.',
          hoursAgo: 60,
          comments: [{ author: 'ben_c', body: 'Finally a routine short enough that I might actually do it.' }],
        },
        {
          author: 'grace_o',
          body: 'My first cutting board! Maple and cherry, finished with mineral oil.',
          images: ['softShapes'],
          hoursAgo: 3,
          comments: [{ author: 'maya_makes', body: 'Beautiful glue lines. Welcome to the addiction.' }],
        },
      ],
    },
  },
  {
    username: 'dan_builds',
    name: 'Daniel Reyes',
    quote: 'Two-time founder. Bootstrapped, then raised, then bootstrapped again. Writing down what I learn.',
    popularity: 19,
    group: {
      slug: 'zero-to-hundred',
      name: 'Zero to One Hundred Customers',
      description:
        'The unglamorous first stretch of a startup: talking to customers, pricing, the first hire, and keeping your head.',
      scene: 'stickyNotes',
      ama: false,
      members: ['amara_n'],
      posts: [
        {
          body: 'Our wall after a week of customer interviews. Yellow = pain, pink = workaround, green = would pay. Guess which column is empty.',
          images: ['stickyNotes'],
          hoursAgo: 16,
          comments: [
            { author: 'amara_n', body: 'The green column is always the emptiest. Painful and useful.' },
            {
              author: 'marco_d',
              body: 'How many interviews before you trust a pattern?',
              replies: [
                {
                  author: 'dan_builds',
                  body: 'Around 15 in one segment. Fewer if they all describe the same workaround.',
                },
              ],
            },
          ],
        },
        {
          body: 'Raised prices 40% last month. Churn did not move. Three customers told us it was overdue. Charge more.',
          hoursAgo: 100,
          comments: [{ author: 'jules_p', body: 'Bookmarking this for when I lose my nerve.' }],
        },
      ],
    },
  },
  {
    username: 'aisha_frames',
    name: 'Aisha Bello',
    quote: 'Landscape photographer chasing first and last light.',
    popularity: 12,
    group: {
      slug: 'first-light',
      name: 'First Light',
      description: 'Landscape photography: planning for light, composition, and editing without overdoing it.',
      scene: 'sunset',
      ama: false,
      members: [],
      posts: [
        {
          body: 'Three mornings at the same lake. Only one gave me anything, and it lasted six minutes.',
          images: ['sunset', 'mountains', 'softShapes'],
          hoursAgo: 40,
          comments: [
            { author: 'tom_novak', body: 'Six minutes well spent. The second one is my favourite.' },
            { author: 'hana_s', body: 'What time did you have to get up for this?' },
          ],
        },
      ],
    },
  },
  {
    username: 'tom_novak',
    name: 'Tom Novak',
    quote: 'Trail runner and coach. Slow miles, long views.',
    popularity: 9,
    group: {
      slug: 'trail-miles',
      name: 'Trail Miles',
      description: 'Trail running for normal people: training plans, gear that lasts, and races worth the trip.',
      scene: 'mountains',
      ama: false,
      members: [],
      posts: [
        {
          body: 'Long run this morning: 28 km, 1,400 m of climbing, one wrong turn. Legs are toast, head is clear.',
          hoursAgo: 26,
          comments: [{ author: 'liam_b', body: 'What do you eat on runs that long?' }],
        },
      ],
    },
  },
];

/** Everyone else: subscribers, commenters, askers. */
export const DEMO_PEOPLE: DemoPersonSpec[] = [
  { username: 'nina_k', name: 'Nina Kowalski', quote: 'Game jams and too much coffee.' },
  { username: 'omar_h', name: 'Omar Haddad', quote: 'Weekend woodworker, weekday accountant.' },
  { username: 'jules_p', name: 'Jules Petit', quote: 'Making my first game. Send help.' },
  { username: 'ben_c', name: 'Ben Carter' },
  { username: 'sofia_r', name: 'Sofia Rossi', quote: 'Curious about everything.' },
  { username: 'hana_s', name: 'Hana Sato', quote: 'Dietitian in training.' },
  { username: 'marco_d', name: 'Marco Delgado' },
  { username: 'ella_w', name: 'Ella Walsh', quote: 'Learning piano at 34.' },
  { username: 'kofi_a', name: 'Kofi Asante', hasAvatar: false },
  { username: 'theo_m', name: 'Theo Martin', quote: 'Runner, coder, pancake enthusiast.' },
  { username: 'lucia_g', name: 'Lucía García', quote: 'Piano teacher. Bill Evans forever.' },
  { username: 'david_l', name: 'David Lee', quote: 'High-school physics teacher.' },
  { username: 'grace_o', name: 'Grace Obi', quote: 'Sawdust is a lifestyle.' },
  { username: 'amara_n', name: 'Amara Nwosu', quote: 'Product manager. Climate nerd.' },
  { username: 'liam_b', name: 'Liam Brennan', hasAvatar: false },
  { username: 'zoe_v', name: 'Zoë Vermeer', quote: 'Photographer on weekends.' },
  { username: 'arjun_p', name: 'Arjun Patel' },
  { username: 'mia_j', name: 'Mia Jensen', quote: 'Baker, reader, occasional runner.' },
  { username: 'felix_h', name: 'Felix Hoffmann', hasAvatar: false },
  { username: 'noor_a', name: 'Noor Al-Sayed', quote: 'UX designer. Plays the cello badly.' },
  { username: 'ivan_p', name: 'Ivan Petrov' },
  { username: 'chloe_b', name: 'Chloé Bernard', quote: 'Indie dev, cat person.' },
  { username: 'sam_t', name: 'Samira Tahir', hasAvatar: false },
  { username: 'lucas_f', name: 'Lucas Ferreira', quote: 'Building a SaaS on nights and weekends.' },
  { username: 'yuki_n', name: 'Yuki Nakamura', quote: 'Climbing, cameras, climate.' },
];

/**
 * The live Q&A's own features, one example each, in the live session's group (which allows
 * anonymous questions) and the past session's: an anonymous question, a duplicate the host merges
 * into the question it repeats (its votes pooled), an off-topic question the host hides with a
 * reason (the moderation ledger shows it, without its text), and a session after the past one,
 * to which the host carries its unanswered questions.
 */
export const LIVE_QA_SHOWCASE = {
  anonymous: {
    author: 'marco_d',
    body: 'Honestly: how much did the game make in its first month, and was it enough to keep going?',
    votes: 5,
    anonymous: true,
  },
  /** Merged into the live session's first question (the price). */
  duplicate: {
    author: 'kofi_a',
    body: 'How did you pick the price? Would you price it differently today?',
    votes: 3,
  },
  offTopic: { author: 'ben_c', body: 'Can anyone recommend a cheap laptop for college?', votes: 0 },
  /** The session after the past one, where its unanswered questions go. */
  nextSession: {
    title: 'Practice routines, part two',
    description: 'The questions we did not get to last time, and your new ones.',
    durationMinutes: 60,
  },
} satisfies Record<string, DemoQuestionSpec | Omit<DemoSessionSpec, 'when' | 'questions'>>;

/** How many questions the showcase asks. */
export const LIVE_QA_SHOWCASE_QUESTIONS = 3;
