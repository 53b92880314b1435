import { describe, expect, it } from 'vitest';
import { DIETARY_GROUPS, type DietaryGroup } from '@lanyard/shared/insights';
import { DIETARY_LABELS, readDietary } from './dietary';

/** Answers as applicants type them, and what the caterer should count. */
const TABLE: [string, DietaryGroup[] | 'none', 'other'?][] = [
  ['Vegetarian', ['vegetarian']],
  ['vegetarian', ['vegetarian']],
  ['Vegetarian.', ['vegetarian']],
  ['  VEGETARIAN  ', ['vegetarian']],
  ['veg', ['vegetarian']],
  ['Veggie', ['vegetarian']],
  ['vego', ['vegetarian']],
  ['vegitarian', ['vegetarian']],
  ['Vegeterian', ['vegetarian']],
  ['vegetarain', ['vegetarian']],
  ['vegtarian', ['vegetarian']],
  ['Plant based', ['vegetarian']],
  ['plant-based', ['vegetarian']],
  ['No meat', ['vegetarian']],
  ['Lacto-ovo vegetarian', ['vegetarian']],
  ['Vegan', ['vegan']],
  ['vegan!!', ['vegan']],
  ['Halal', ['halal']],
  ['halaal', ['halal']],
  ['Hallal only', ['halal']],
  ['Zabiha halal meat only', ['halal']],
  ['Kosher', ['kosher']],
  ['Gluten free', ['gluten_free']],
  ['Gluten-free', ['gluten_free']],
  ['GF', ['gluten_free']],
  ['Coeliac', ['gluten_free']],
  ['celiac disease', ['gluten_free']],
  ['No gluten', ['gluten_free']],
  ['glutten free', ['gluten_free']],
  ['Lactose intolerant', ['dairy_free']],
  ['lactose intolerent', ['dairy_free']],
  ['Dairy free', ['dairy_free']],
  ['no dairy', ['dairy_free']],
  ['Nut allergy', ['nut_allergy']],
  ['Peanut allergy', ['nut_allergy']],
  ['allergic to tree nuts', ['nut_allergy']],
  ['no nuts please', ['nut_allergy']],
  ['Severe peanut allergy', ['nut_allergy']],
  ['Shellfish', ['shellfish_allergy']],
  ['shellfish allergy', ['shellfish_allergy']],
  ['Pescatarian', ['pescatarian']],
  ['pescetarian', ['pescatarian']],
  ['No pork', ['no_pork']],
  ['No beef', ['no_beef']],
  ['Hindu - no beef', ['no_beef']],
  ['vegetarian, nut allergy', ['vegetarian', 'nut_allergy']],
  ['Vegan & gluten-free', ['vegan', 'gluten_free']],
  ['halal / no shellfish', ['halal', 'shellfish_allergy']],
  ['Vegetarian; lactose intolerant', ['vegetarian', 'dairy_free']],
  ['Vegetarian, nothing else', ['vegetarian']],
  ['', 'none'],
  ['   ', 'none'],
  ['None', 'none'],
  ['none.', 'none'],
  ['N/A', 'none'],
  ['n/a', 'none'],
  ['NA', 'none'],
  ['no', 'none'],
  ['Nope', 'none'],
  ['-', 'none'],
  ['nothing', 'none'],
  ['No restrictions', 'none'],
  ['No dietary restrictions', 'none'],
  ['Non-veg', 'none'],
  ['I eat everything', 'none'],
  ['Allergic to kiwi', [], 'other'],
  ['keto', [], 'other'],
  ['No red meat', [], 'other'],
  ['Vegetarian, allergic to kiwi', ['vegetarian'], 'other'],
  ['egg allergy and no nuts', ['nut_allergy'], 'other'],
];

describe('readDietary', () => {
  it('reads each of the real-world spellings as the caterer would', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(30);
    for (const [text, want, other] of TABLE) {
      const got = readDietary(text);
      const expected =
        want === 'none'
          ? { groups: [], other: false, none: true }
          : { groups: want, other: other === 'other', none: false };
      expect({ text, ...got }).toEqual({ text, ...expected });
    }
  });

  it('reads a missing answer as none', () => {
    expect(readDietary(null)).toEqual({ groups: [], other: false, none: true });
    expect(readDietary(undefined)).toEqual({ groups: [], other: false, none: true });
  });

  it('names every group with a label', () => {
    expect(Object.keys(DIETARY_LABELS).sort()).toEqual([...DIETARY_GROUPS].sort());
  });
});
