import type { ReactNode } from 'react';

/**
 * The Markdown an organiser may use in a custom question's label and help: **bold**, _italic_ and
 * [text](https://…, http://… or mailto:…). Everything else is text. It builds React elements (never
 * HTML), so markup in the text is shown as typed, and a link whose address is anything but those
 * schemes (javascript:, data:, a relative path) stays text.
 */
export function InlineMarkdown({ text }: { text: string }) {
  return <>{parse(text, 0, true)}</>;
}

const SAFE_HREF = /^(?:https?:\/\/[^\s<>()"']+|mailto:[^\s<>()"'/]+@[^\s<>()"']+)$/i;
/** Nesting is a few levels in practice; the cap keeps a hostile label from recursing deeply. */
const MAX_DEPTH = 4;
const LINK_CLASS = 'font-medium text-brand-ink underline underline-offset-2';

const isWordChar = (ch: string | undefined) => ch !== undefined && /[\p{L}\p{N}]/u.test(ch);

function parse(text: string, depth: number, links: boolean): ReactNode[] {
  const out: ReactNode[] = [];
  let plain = '';
  const flush = () => {
    if (plain) out.push(plain);
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const span = depth < MAX_DEPTH ? spanAt(text, i, links) : null;
    if (!span) {
      plain += text[i];
      i += 1;
      continue;
    }
    flush();
    const key = out.length;
    const inner = parse(span.inner, depth + 1, links && span.kind !== 'link');
    if (span.kind === 'link') {
      out.push(
        <SafeLink key={key} href={span.href}>
          {inner}
        </SafeLink>,
      );
    } else if (span.kind === 'bold') out.push(<strong key={key}>{inner}</strong>);
    else out.push(<em key={key}>{inner}</em>);
    i = span.end;
  }
  flush();
  return out;
}

type Span =
  | { kind: 'bold' | 'italic'; inner: string; end: number }
  | { kind: 'link'; inner: string; href: string; end: number };

function spanAt(text: string, i: number, links: boolean): Span | null {
  if (text.startsWith('**', i)) {
    const close = text.indexOf('**', i + 2);
    const inner = close > i + 2 ? text.slice(i + 2, close) : '';
    return inner.trim() ? { kind: 'bold', inner, end: close + 2 } : null;
  }
  // snake_case_words and a lone underscore are text: italic needs a word boundary on both sides.
  if (text[i] === '_' && !isWordChar(text[i - 1]) && text[i + 1] !== undefined && text[i + 1] !== ' ') {
    for (let close = text.indexOf('_', i + 1); close !== -1; close = text.indexOf('_', close + 1)) {
      if (close > i + 1 && text[close - 1] !== ' ' && !isWordChar(text[close + 1])) {
        return { kind: 'italic', inner: text.slice(i + 1, close), end: close + 1 };
      }
    }
    return null;
  }
  if (links && text[i] === '[') return linkAt(text, i);
  return null;
}

/** `[text](href)`: the text may hold balanced brackets; the address no spaces and no brackets. */
function linkAt(text: string, i: number): Span | null {
  let depth = 0;
  let close = -1;
  for (let j = i; j < text.length; j += 1) {
    if (text[j] === '[') depth += 1;
    else if (text[j] === ']' && --depth === 0) {
      close = j;
      break;
    }
  }
  if (close <= i + 1 || text[close + 1] !== '(') return null;
  const end = text.indexOf(')', close + 2);
  if (end === -1) return null;
  const href = text.slice(close + 2, end);
  if (!SAFE_HREF.test(href)) return null;
  return { kind: 'link', inner: text.slice(i + 1, close), href, end: end + 1 };
}

function SafeLink({ href, children }: { href: string; children: ReactNode }) {
  if (/^mailto:/i.test(href)) {
    return (
      <a href={href} className={LINK_CLASS}>
        {children}
      </a>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={LINK_CLASS}>
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
