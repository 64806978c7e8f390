// @vitest-environment node
// The spam signals every form sends as headers (docs/operators/api.md#spam).
import { describe, expect, it } from 'vitest';
import { spamHeaders } from '@obra/api';

describe('spamHeaders', () => {
  it('sends the milliseconds the form was open, and no trap header for a person', () => {
    expect(spamHeaders(1_000, '', 6_000)).toEqual({ 'Obra-Fill-Ms': '5000' });
  });

  it('caps the fill time at a day: a form restored from a draft (open since 0) is not a 13-digit number', () => {
    expect(spamHeaders(0, '', Date.now())).toEqual({ 'Obra-Fill-Ms': '86400000' });
  });

  it('sends what a bot put in the trap, cut to 200 characters', () => {
    expect(spamHeaders(0, 'x'.repeat(500), 10)['Obra-Trap']).toHaveLength(200);
  });
});
