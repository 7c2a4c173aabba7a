import { licenceStatus } from './licence';

const now = new Date(2026, 10, 21, 15, 30); // 21 Nov 2026, mid-afternoon, local time

describe('licenceStatus', () => {
  it('is expired from the day after its expiry date', () => {
    expect(licenceStatus('2026-11-20', now)).toBe('expired');
    expect(licenceStatus('2025-01-01', now)).toBe('expired');
  });

  it('expires soon from today up to 30 days ahead', () => {
    expect(licenceStatus('2026-11-21', now)).toBe('expiringSoon');
    expect(licenceStatus('2026-12-21', now)).toBe('expiringSoon');
  });

  it('is valid beyond 30 days', () => {
    expect(licenceStatus('2026-12-22', now)).toBe('valid');
  });

  it('says nothing without a date', () => {
    expect(licenceStatus(null, now)).toBe('unknown');
  });
});
