import { describe, expect, it } from 'vitest';

import { headingText, splitContentSections } from './content-sections';

const joined = (html: string) =>
  splitContentSections(html)
    .map((section) => section.html)
    .join('');

describe('splitContentSections', () => {
  it('keeps content without the special headings as one plain section', () => {
    const html = '<p>Intro</p><h2>Background</h2><p>Text</p>';
    expect(splitContentSections(html)).toEqual([{ kind: 'plain', html }]);
  });

  it('returns nothing for empty content', () => {
    expect(splitContentSections('')).toEqual([]);
    expect(splitContentSections('  \n ')).toEqual([]);
  });

  it('wraps Key Points up to the Conclusion, other h2 headings included', () => {
    const html =
      '<p>Intro</p>\n<h2>Key Points</h2>\n<ul><li>One</li></ul>\n<h2>Details</h2><p>More</p>\n' +
      '<h2>Conclusion</h2><p>End</p>';
    expect(splitContentSections(html)).toEqual([
      { kind: 'plain', html: '<p>Intro</p>\n' },
      {
        kind: 'highlight',
        heading: 'Key Points',
        html: '<h2>Key Points</h2>\n<ul><li>One</li></ul>\n<h2>Details</h2><p>More</p>\n',
      },
      { kind: 'plain', html: '<h2>Conclusion</h2><p>End</p>' },
    ]);
    expect(joined(html)).toBe(html);
  });

  it('starts a new box at the next opening heading', () => {
    const html =
      '<h2>Benefits</h2><p>A</p><h2>Implementation</h2><p>B</p><h2>Conclusion</h2><p>C</p>';
    expect(splitContentSections(html)).toEqual([
      { kind: 'highlight', heading: 'Benefits', html: '<h2>Benefits</h2><p>A</p>' },
      { kind: 'highlight', heading: 'Implementation', html: '<h2>Implementation</h2><p>B</p>' },
      { kind: 'plain', html: '<h2>Conclusion</h2><p>C</p>' },
    ]);
  });

  it('runs an unclosed box to the end, and ignores a Conclusion with no box open', () => {
    const html = '<h2>Conclusion</h2><p>x</p><h2>Key Features</h2><p>y</p>';
    expect(splitContentSections(html)).toEqual([
      { kind: 'plain', html: '<h2>Conclusion</h2><p>x</p>' },
      { kind: 'highlight', heading: 'Key Features', html: '<h2>Key Features</h2><p>y</p>' },
    ]);
  });

  it('matches headings with markup, classes, entities, a colon and any case', () => {
    const html =
      '<h2 class="ql-align-center"><strong>Key&nbsp;Points:</strong></h2><p>a</p>' +
      '<h2>BENEFITS</h2><p>b</p><h2><em>conclusion</em></h2>';
    const sections = splitContentSections(html);
    expect(sections.map((s) => s.kind)).toEqual(['highlight', 'highlight', 'plain']);
    expect(sections[0]).toMatchObject({ heading: 'Key Points' });
    expect(joined(html)).toBe(html);
  });

  it('opens and closes boxes at the Czech headings, with or without diacritics, in any case', () => {
    const html =
      '<p>Úvod</p><h2>Klíčové body</h2><p>a</p><h2>HLAVNI FUNKCE</h2><p>b</p>' +
      '<h2>výhody:</h2><p>c</p><h2><strong>Implementace</strong></h2><p>d</p>' +
      '<h2>ZÁVĚR</h2><p>Konec</p><h2>klicove body</h2><p>e</p><h2>zaver</h2>';
    const sections = splitContentSections(html);
    expect(sections.map((s) => s.kind)).toEqual([
      'plain',
      'highlight',
      'highlight',
      'highlight',
      'highlight',
      'plain',
      'highlight',
      'plain',
    ]);
    expect(sections[1]).toEqual({
      kind: 'highlight',
      heading: 'Klíčové body',
      html: '<h2>Klíčové body</h2><p>a</p>',
    });
    expect(sections[5]).toEqual({ kind: 'plain', html: '<h2>ZÁVĚR</h2><p>Konec</p>' });
    expect(sections[6]).toMatchObject({ heading: 'klicove body' });
    expect(joined(html)).toBe(html);
  });

  it('matches a Czech heading written with combining accents (NFD)', () => {
    const html =
      '<h2>Kli\u0301c\u030Cove\u0301 body</h2><p>a</p><h2>Za\u0301ve\u030Cr</h2><p>b</p>';
    expect(splitContentSections(html).map((s) => s.kind)).toEqual(['highlight', 'plain']);
  });

  it('leaves other Czech headings and near misses plain', () => {
    const html = '<h2>Klíčové body trhu</h2><p>a</p><h2>Výhoda</h2><p>b</p>';
    expect(splitContentSections(html)).toEqual([{ kind: 'plain', html }]);
  });

  it('only splits at top-level h2 elements', () => {
    const html =
      '<blockquote><h2>Key Points</h2><p>quoted</p></blockquote><h3>Benefits</h3><p>x</p>' +
      '<div><h2>Conclusion</h2></div>';
    expect(splitContentSections(html)).toEqual([{ kind: 'plain', html }]);
  });

  it('is not confused by void elements, attributes holding ">" or text with "<"', () => {
    const html =
      '<p>a < b<br>c<img src="/x.png" alt="1 > 0"></p><hr><h2>Key Points</h2><p>k</p>' +
      '<h2 title="a>b">Conclusion</h2>';
    expect(splitContentSections(html).map((s) => s.kind)).toEqual(['plain', 'highlight', 'plain']);
    expect(joined(html)).toBe(html);
  });

  it('never adds markup: every section is a slice of the input', () => {
    const html =
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p><h2>Key Points</h2><p>x</p><h2>Conclusion</h2>';
    for (const section of splitContentSections(html)) {
      expect(html).toContain(section.html);
    }
    expect(joined(html)).toBe(html);
  });
});

describe('headingText', () => {
  it('drops tags, decodes entities and trims a trailing colon', () => {
    expect(headingText('<b>Key</b>&#32;&amp;&#x20;Points :')).toBe('Key & Points');
  });
});
