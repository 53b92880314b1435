import { describe, expect, it } from 'vitest';
import { applicationsSearch, readInsightsParams, writeInsightsParams } from './insights-params';
import { readApplicationParams } from './application-filters';

describe('Insights URL state', () => {
  it('reads the filters, ignoring unknown values, with the confirmed scope by default', () => {
    const params = new URLSearchParams(
      'tab=insights&insights_role=mentor&insights_role=hacker&insights_role=admin&insights_status=accepted&insights_status=nope',
    );
    expect(readInsightsParams(params)).toEqual({
      role: ['hacker', 'mentor'],
      status: ['accepted'],
      scope: 'confirmed',
    });
    expect(readInsightsParams(new URLSearchParams('insights_scope=accepted')).scope).toBe('accepted');
    expect(readInsightsParams(new URLSearchParams('insights_scope=everyone')).scope).toBe('confirmed');
  });

  it('writes the filters and keeps the other keys; the default scope leaves its key out', () => {
    const out = writeInsightsParams(new URLSearchParams('tab=insights&app_school=MIT'), {
      role: ['hacker'],
      status: ['accepted', 'waitlisted'],
      scope: 'confirmed',
    });
    expect(out.toString()).toBe(
      'tab=insights&app_school=MIT&insights_role=hacker&insights_status=accepted&insights_status=waitlisted',
    );
    expect(writeInsightsParams(out, { role: [], status: [], scope: 'accepted' }).toString()).toBe(
      'tab=insights&app_school=MIT&insights_scope=accepted',
    );
  });

  it("opens the Applications list with the bar's filter on top of the tab's role and status", () => {
    const search = applicationsSearch(
      { school: 'Cornell University' },
      { role: ['hacker'], status: ['accepted'], scope: 'confirmed' },
    );
    const params = new URLSearchParams(search.slice(1));
    expect(params.get('tab')).toBe('applications');
    const list = readApplicationParams(params);
    expect(list.school).toBe('Cornell University');
    expect(list.role).toEqual(['hacker']);
    expect(list.status).toEqual(['accepted']);
    expect(list.page).toBe(1);
  });

  it('lets a bar name its own status (a funnel stage) instead of the tab’s', () => {
    const search = applicationsSearch(
      { status: ['accepted'], rsvp: ['accepted'] },
      { role: [], status: ['rejected'], scope: 'confirmed' },
    );
    const list = readApplicationParams(new URLSearchParams(search.slice(1)));
    expect(list.status).toEqual(['accepted']);
    expect(list.rsvp).toEqual(['accepted']);
  });
});
