import { afterEach, describe, expect, it, vi } from 'vitest';
import { adoptStyles } from '@obra/element';

const shadow = () => document.createElement('div').attachShadow({ mode: 'open' });

afterEach(() => vi.unstubAllGlobals());

describe('adoptStyles', () => {
  it('shares one constructable stylesheet between shadow roots', () => {
    const [a, b] = [shadow(), shadow()];
    adoptStyles(a, 'p{color:red}');
    adoptStyles(b, 'p{color:red}');
    expect(a.adoptedStyleSheets).toHaveLength(1);
    expect(a.adoptedStyleSheets[0]).toBe(b.adoptedStyleSheets[0]);
    expect(a.querySelector('style')).toBeNull();
  });

  it('falls back to a <style> carrying the CSP nonce without constructable stylesheets', () => {
    // As in Safari before 16.4.
    vi.stubGlobal('CSSStyleSheet', undefined);
    const root = shadow();
    adoptStyles(root, 'p{color:red}', 'abc123');
    const style = root.querySelector('style')!;
    expect(style.textContent).toBe('p{color:red}');
    expect(style.nonce).toBe('abc123');
  });
});
