import { describe, expect, it } from 'vitest';

import { snippetParts } from './snippet';

describe('snippetParts', () => {
  it('keeps the marks and decodes the escaped text', () => {
    expect(snippetParts('fees &amp; <mark>plateb</mark> &lt;b&gt; &#8211; &#x161;')).toEqual([
      { text: 'fees & ', marked: false },
      { text: 'plateb', marked: true },
      { text: ' <b> – š', marked: false },
    ]);
  });

  it('drops every other tag, so nothing but text and marks can reach the page', () => {
    const parts = snippetParts(
      '<img src=x onerror=alert(1)>a<script>b</script><mark class="x">c</mark>',
    );
    expect(parts).toEqual([
      { text: 'ab', marked: false },
      { text: 'c', marked: true },
    ]);
  });

  it('marks to the end when a mark is left open, and leaves unknown entities as they are', () => {
    expect(snippetParts('x <mark>y &bogus;')).toEqual([
      { text: 'x ', marked: false },
      { text: 'y &bogus;', marked: true },
    ]);
    expect(snippetParts('')).toEqual([]);
  });
});
