/** A Markdown file split into its front matter and its body. */
export interface FrontMatterDocument {
  /** The `key: value` lines between the opening and closing `---`. */
  data: Record<string, string>;
  /** The Markdown after the front matter. */
  body: string;
}

const KEY_VALUE = /^([A-Za-z][\w-]*):\s*(.*)$/;

/** Strips one pair of matching quotes, so `title: "Ask: anything"` keeps its colon. */
function unquote(value: string): string {
  const first = value.at(0);
  if (value.length >= 2 && (first === '"' || first === "'") && value.at(-1) === first) return value.slice(1, -1);
  return value;
}

/**
 * Reads the front matter of our content files: a first line `---`, then `key: value` lines
 * (blank lines and `#` comments allowed), then `---`. Enough YAML for titles, dates and
 * summaries without a YAML library; anything else is an error naming the line, so a typo in a
 * content file stops the start instead of showing a half-empty page.
 */
export function parseFrontMatter(source: string): FrontMatterDocument {
  const lines = source.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== '---') return { data: {}, body: lines.join('\n') };
  const data: Record<string, string> = {};
  for (let index = 1; index < lines.length; index += 1) {
    const line = (lines[index] ?? '').trim();
    if (line === '---') return { data, body: lines.slice(index + 1).join('\n') };
    if (line === '' || line.startsWith('#')) continue;
    const match = KEY_VALUE.exec(line);
    if (!match?.[1]) throw new Error(`Front matter line ${String(index + 1)} is not "key: value": ${line}`);
    if (match[1] in data) throw new Error(`Front matter names "${match[1]}" twice (line ${String(index + 1)})`);
    data[match[1]] = unquote((match[2] ?? '').trim());
  }
  throw new Error('Front matter has no closing "---" line');
}
