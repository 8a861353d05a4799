import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '@contract/publications';
import { contentFromDraft, draftFromContent, draftProblems } from '../../src/custom/blockEditor/blockDraft';
import { cleanPastedHtml } from '../../src/custom/blockEditor/cleanPastedHtml';
import { linkAddress } from '../../src/custom/blockEditor/linkAddress';

const article: FieldDefinition[] = [
  { name: 'title', label: 'Titel', kind: 'shortText', required: true, maxLength: 10 },
  { name: 'text', label: 'Tekst', kind: 'richText', required: false, maxLength: 40 },
  { name: 'image', label: 'Afbeelding', kind: 'image', required: false },
  { name: 'link', label: 'Link', kind: 'link', required: false, maxLength: 5 },
  { name: 'startsAt', label: 'Datum en tijd', kind: 'dateTime', required: false },
];

describe('block draft', () => {
  it('gives every field a value and turns back into the content the server stores', () => {
    const draft = draftFromContent(article, { title: 'Hallo', link: { url: 'https://a.nl' } });
    expect(draft).toEqual({
      title: 'Hallo',
      text: '',
      image: { fileId: '', alt: '', decorative: false },
      link: { url: 'https://a.nl', text: '' },
      startsAt: '',
    });
    expect(
      contentFromDraft(article, {
        ...draft,
        title: '  Hallo  ',
        text: '<p></p>',
        image: { fileId: 'f-1', alt: ' Kade ', decorative: false },
      }),
    ).toEqual({ title: 'Hallo', image: { fileId: 'f-1', alt: 'Kade' }, link: { url: 'https://a.nl' } });
    // A decorative image keeps no alt text (the mail gives it an empty one).
    expect(
      contentFromDraft(article, {
        ...draft,
        title: 'Hallo',
        image: { fileId: 'f-1', alt: 'x', decorative: true },
      }),
    ).toMatchObject({ image: { fileId: 'f-1', decorative: true } });
  });

  it('asks an alt text for a chosen image unless it is marked decorative', () => {
    const draft = { ...draftFromContent(article, { title: 'Hallo' }) };
    const problems = (image: { fileId: string; alt: string; decorative: boolean }) =>
      draftProblems(article, { ...draft, image }).map((problem) => [problem.path, problem.message]);
    expect(problems({ fileId: 'f-1', alt: '  ', decorative: false })).toEqual([
      ['image.alt', 'app.publications.editor.validation.alt_required'],
    ]);
    expect(problems({ fileId: 'f-1', alt: '', decorative: true })).toEqual([]);
    expect(problems({ fileId: 'f-1', alt: 'Kade', decorative: false })).toEqual([]);
    expect(problems({ fileId: '', alt: '', decorative: false })).toEqual([]);
  });

  it('names what the server would refuse, field by field', () => {
    const draft = {
      title: ' ',
      text: `<p>${'x'.repeat(40)}</p>`,
      image: { fileId: '', alt: '', decorative: false },
      link: { url: 'javascript:alert(1)', text: 'Te lang' },
      startsAt: '2025-02-30T10:00',
    };
    expect(draftProblems(article, draft).map((problem) => [problem.path, problem.message])).toEqual([
      ['title', 'app.publications.editor.validation.required'],
      ['text', 'app.publications.editor.validation.too_long'],
      ['link.url', 'app.publications.editor.validation.url'],
      ['link.text', 'app.publications.editor.validation.too_long'],
      ['startsAt', 'app.publications.editor.validation.date_time'],
    ]);
    expect(
      draftProblems(article, {
        ...draft,
        title: 'Goed',
        text: '',
        link: { url: '', text: '' },
        startsAt: '',
      }),
    ).toEqual([]);
  });
});

describe('pasting from Word', () => {
  it('keeps paragraphs, bold, italic, links and lists, and drops Office markup', () => {
    const word =
      '<html xmlns:o="urn:schemas-microsoft-com:office:office"><head><style>p.MsoNormal{margin:0}</style></head><body>' +
      '<!--StartFragment--><p class="MsoNormal" style="mso-margin-top-alt:auto"><b><span lang="NL" style="font-size:12pt">Vet</span></b>' +
      ' en <i>schuin</i> met <a href="https://zuiderveen.nl">een link</a><o:p></o:p></p>' +
      '<p class="MsoListParagraphCxSpFirst" style="mso-list:l0 level1 lfo1"><![if !supportLists]><span style="mso-list:Ignore">·<span>&nbsp;&nbsp;</span></span><![endif]>Eerste</p>' +
      '<p class="MsoListParagraphCxSpLast" style="mso-list:l0 level1 lfo1"><![if !supportLists]><span style="mso-list:Ignore">·</span><![endif]>Tweede</p>' +
      '<p class="MsoListParagraph" style="mso-list:l1 level1 lfo2"><span style="mso-list:Ignore">1.</span>Nummer</p>' +
      '<!--EndFragment--></body></html>';
    expect(cleanPastedHtml(word)).toBe(
      '<p><b>Vet</b> en <i>schuin</i> met <a href="https://zuiderveen.nl">een link</a></p>' +
        '<ul><li>Eerste</li><li>Tweede</li></ul><ol><li>Nummer</li></ol>',
    );
  });

  it("turns Google Docs' styled spans into bold and italic without making everything bold", () => {
    const docs =
      '<b style="font-weight:normal;" id="docs-internal-guid-1"><p dir="ltr"><span style="font-weight:700">Kop</span>' +
      ' <span style="font-style:italic">zacht</span> gewoon</p></b>';
    expect(cleanPastedHtml(docs)).toBe('<p><strong>Kop</strong> <em>zacht</em> gewoon</p>');
  });
});

describe('link addresses', () => {
  it('completes domains and e-mail addresses and refuses anything else', () => {
    expect(linkAddress(' https://a.nl/x ')).toBe('https://a.nl/x');
    expect(linkAddress('zuiderveen.nl/afval')).toBe('https://zuiderveen.nl/afval');
    expect(linkAddress('info@zuiderveen.nl')).toBe('mailto:info@zuiderveen.nl');
    expect(linkAddress('javascript:alert(1)')).toBeUndefined();
    expect(linkAddress('/pad')).toBeUndefined();
  });
});
