import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redact';

describe('redactUrl', () => {
  it('hides the credential of mailed links, signed downloads and the OIDC callback, and nothing else', () => {
    expect(redactUrl('/reset-password?oob_code=abc123')).toBe('/reset-password?oob_code=[redacted]');
    expect(redactUrl('/verify-email?token=t0k3n&x=1')).toBe('/verify-email?token=[redacted]&x=1');
    expect(redactUrl('/api/files/1?expires=99&signature=s1g')).toBe(
      '/api/files/1?expires=99&signature=[redacted]',
    );
    expect(redactUrl('/api/auth/oidc/callback?code=c&state=s')).toBe(
      '/api/auth/oidc/callback?code=[redacted]&state=[redacted]',
    );
    expect(redactUrl('/api/admin/applications?search=ada&code=')).toBe(
      '/api/admin/applications?search=ada&code=[redacted]',
    );
    expect(redactUrl('/api/places/cities?q=token')).toBe('/api/places/cities?q=token');
  });
});
