import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { InlineMarkdown } from './inline-markdown';

afterEach(cleanup);

function html(text: string) {
  return render(<InlineMarkdown text={text} />).container;
}

describe('InlineMarkdown', () => {
  it('renders bold, italic and links', () => {
    const root = html('Read **the rules** and _then_ [our page](https://example.org/a?b=1) now.');
    expect(root.querySelector('strong')?.textContent).toBe('the rules');
    expect(root.querySelector('em')?.textContent).toBe('then');
    const link = root.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.org/a?b=1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toBe('our page (opens in a new tab)');
    expect(root.textContent).toBe('Read the rules and then our page (opens in a new tab) now.');
  });

  it('links mailto: addresses in the same tab', () => {
    const link = html('Write to [us](mailto:team@example.org).').querySelector('a')!;
    expect(link.getAttribute('href')).toBe('mailto:team@example.org');
    expect(link.getAttribute('target')).toBeNull();
  });

  it('shows HTML as the text it is', () => {
    const text = '<script>alert(1)</script><img src=x onerror=alert(1)> & <b>hi</b>';
    const root = html(text);
    expect(root.querySelector('script, img, b')).toBeNull();
    expect(root.textContent).toBe(text);
  });

  it('leaves links to anything but http(s) and mailto as text', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '/relative',
      '//evil.example',
      'vbscript:x',
      'https://a.example" onclick="alert(1)',
      ' https://a.example',
    ]) {
      const text = `[click](${href})`;
      const root = html(text);
      expect(root.querySelector('a'), href).toBeNull();
      expect(root.textContent).toBe(text);
    }
  });

  it('keeps nested brackets in a link text and never nests links', () => {
    const root = html('[a [b] c](https://x.example) and [[x](https://in.example)](https://out.example)');
    const links = root.querySelectorAll('a');
    expect(links[0]?.textContent).toBe('a [b] c (opens in a new tab)');
    // The outer link wins; the inner markup is text inside it.
    expect(links).toHaveLength(2);
    expect(links[1]?.getAttribute('href')).toBe('https://out.example');
    expect(links[1]?.querySelector('a')).toBeNull();
    expect(links[1]?.textContent).toContain('[x](https://in.example)');
  });

  it('leaves unclosed or empty markers, snake_case and lone brackets as text', () => {
    for (const text of [
      '**open',
      'a ** b',
      '****',
      'snake_case_name',
      '_ spaced _',
      '[no link]',
      '[x](',
      '[]()',
    ]) {
      const root = html(text);
      expect(root.querySelector('strong, em, a'), text).toBeNull();
      expect(root.textContent).toBe(text);
    }
  });

  it('formats inside bold and links, and survives deep nesting', () => {
    const root = html('**bold _and italic_** [**strong link**](https://x.example)');
    expect(root.querySelector('strong em')?.textContent).toBe('and italic');
    expect(root.querySelector('a strong')?.textContent).toBe('strong link');
    const deep = '**_'.repeat(200) + 'x' + '_**'.repeat(200);
    expect(html(deep).textContent).toContain('x');
  });
});
