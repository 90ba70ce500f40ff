import type {
  AnalyticsFigures,
  GroupAnalyticsResponse,
  SessionAnalyticsResponse,
} from '#shared/schemas/host-analytics.ts';

/**
 * Host analytics as CSV (RFC 4180): comma-separated, CRLF line ends, a field quoted when it holds
 * a quote, a comma or a line break (its quotes doubled). A field people typed that starts with
 * = + - @ or a tab gets a leading apostrophe, so a spreadsheet shows it as text instead of running
 * it as a formula. The file starts with a byte-order mark, so spreadsheets read it as UTF-8.
 * Sections (headline figures, top questions, viewers or sessions) are separated by an empty line.
 */

type Cell = string | number | null;

/** One field, quoted and defused as above; null is empty. */
export function csvField(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const line = (cells: Cell[]) => cells.map(csvField).join(',');
const file = (sections: Cell[][][]) =>
  `\uFEFF${sections.map((rows) => rows.map(line).join('\r\n')).join('\r\n\r\n')}\r\n`;

function figureRows(figures: AnalyticsFigures): Cell[][] {
  return [
    ['Questions asked', figures.asked],
    ['Answered', figures.answered],
    ['Share answered', figures.shareAnswered === null ? null : Number(figures.shareAnswered.toFixed(4))],
    [
      'Median time to answer (seconds)',
      figures.medianSecondsToAnswer === null ? null : Math.round(figures.medianSecondsToAnswer),
    ],
    ['Hidden', figures.hidden],
    ['Votes', figures.votes],
    ['Unique askers', figures.uniqueAskers],
    ['Unique voters', figures.uniqueVoters],
    ['Peak viewers', figures.peak?.viewers ?? null],
    ['Peak at (UTC)', figures.peak?.at ?? null],
  ];
}

function topQuestionRows(figures: AnalyticsFigures): Cell[][] {
  return [
    ['Top question', 'Votes', 'Answered'],
    ...figures.topQuestions.map((question) => [question.body, question.likeCount, question.isAnswered ? 'yes' : 'no']),
  ];
}

/** A session's CSV: its figures, its top questions, then its viewers each sampled minute. */
export function sessionAnalyticsCsv(analytics: SessionAnalyticsResponse): string {
  return file([
    [
      ['Session', analytics.session.title],
      ['Starts at (UTC)', analytics.session.startsAt],
      ...figureRows(analytics.figures),
    ],
    topQuestionRows(analytics.figures),
    [['Minute (UTC)', 'Viewers'], ...analytics.viewers.map((sample) => [sample.at, sample.viewers])],
  ]);
}

/** A group's CSV: its figures, its top questions, then one row per session (newest first). */
export function groupAnalyticsCsv(analytics: GroupAnalyticsResponse): string {
  return file([
    [['Group', analytics.group.name], ...figureRows(analytics.figures)],
    topQuestionRows(analytics.figures),
    [
      ['Session', 'Starts at (UTC)', 'Status', 'Questions asked', 'Answered', 'Peak viewers'],
      ...analytics.sessions.map((session) => [
        session.title,
        session.startsAt,
        session.status,
        session.asked,
        session.answered,
        session.peakViewers,
      ]),
    ],
  ]);
}

/** A file name from a title: lowercase letters, digits and dashes (never empty). */
export function csvFileName(title: string, fallback: string): string {
  const base =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || fallback;
  return `${base}-analytics.csv`;
}
