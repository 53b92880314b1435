import { describe, expect, it } from 'vitest';
import { viewSections } from '@lanyard/shared/questions';
import { withCustomSections } from './custom-sections';

const answer = (n: number, section: 'personal' | 'links' | 'community', label: string) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  section,
  label,
  text: `answer ${n}`,
  reviewer_visible: true,
});

describe('withCustomSections', () => {
  const sections = viewSections('hacker', {}, { eventName: 'Test Hacks', email: 'me@example.org' });

  it('without custom answers: the sections as they are', () => {
    expect(withCustomSections(sections, undefined)).toEqual(sections);
    expect(withCustomSections(sections, [])).toEqual(sections);
  });

  it('adds each answer last in its section, in the order given', () => {
    const out = withCustomSections(sections, [answer(1, 'links', 'Blog'), answer(2, 'links', 'Talk')]);
    const links = out.find((s) => s.id === 'links')!;
    expect(links.items.map((i) => i.label)).toEqual(['Portfolio or GitHub', 'Blog', 'Talk']);
    expect(links.items.at(-1)).toMatchObject({
      key: `custom:${answer(2, 'links', '').id}`,
      value: 'answer 2',
    });
    // The sections given are left as they were.
    expect(sections.find((s) => s.id === 'links')!.items).toHaveLength(1);
  });

  it('a section with only custom answers appears in its place', () => {
    const without = sections.filter((s) => s.id !== 'community' && s.id !== 'personal');
    const out = withCustomSections(without, [
      answer(1, 'community', 'Club'),
      answer(2, 'personal', 'Pronouns'),
    ]);
    expect(out.map((s) => s.id)).toEqual([
      'personal',
      'academic',
      'essays',
      'additional',
      'links',
      'community',
    ]);
    expect(out[0]).toMatchObject({ id: 'personal', title: 'Personal Information', essays: false });
    expect(out.find((s) => s.id === 'community')!.items.map((i) => i.label)).toEqual(['Club']);
  });
});
