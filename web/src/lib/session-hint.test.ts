import { afterEach, describe, expect, it } from 'vitest';

import { mayHaveSession, resetSessionHint, sessionStarted } from './session-hint';

function setMeta(content: string | null) {
  document.head.querySelector('meta[name="blog-session"]')?.remove();
  if (content !== null) {
    const meta = document.createElement('meta');
    meta.name = 'blog-session';
    meta.content = content;
    document.head.append(meta);
  }
  resetSessionHint();
}

describe('the session hint', () => {
  afterEach(() => setMeta(null));

  it('says no session only when the server said so', () => {
    setMeta('absent');
    expect(mayHaveSession()).toBe(false);
    setMeta('present');
    expect(mayHaveSession()).toBe(true);
    setMeta(null);
    expect(mayHaveSession()).toBe(true);
    setMeta('garbled');
    expect(mayHaveSession()).toBe(true);
  });

  it('asks for the session again once the app signs someone in', () => {
    setMeta('absent');
    sessionStarted();
    expect(mayHaveSession()).toBe(true);
  });
});
