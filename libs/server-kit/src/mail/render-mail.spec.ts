import { describe, expect, it } from 'vitest';
import { mailOptOutUrls } from './publish-mail.js';
import { renderMail, type MailContent } from './render-mail.js';

const base: MailContent = {
  heading: 'Dein Stand wurde genehmigt',
  greeting: 'Hallo Anna,',
  paragraphs: ['der Veranstalter hat deinen Stand beim Hofflohmarkt Südstadt genehmigt.'],
  details: [
    ['Termin', 'Sa., 14. Juni 2025, 08:00–16:00 Uhr'],
    ['Ort', 'Südstadt, Köln'],
  ],
  action: { label: 'Stand ansehen', url: 'https://flohmarkt.example.org/staende/42' },
};

describe('renderMail', () => {
  it('writes a plain text that reads on its own: heading, greeting, paragraphs, details, the link written out, the platform', () => {
    const { text } = renderMail(base);
    expect(text).toBe(
      [
        'Dein Stand wurde genehmigt',
        '==========================',
        '',
        'Hallo Anna,',
        '',
        'der Veranstalter hat deinen Stand beim Hofflohmarkt Südstadt genehmigt.',
        '',
        'Termin: Sa., 14. Juni 2025, 08:00–16:00 Uhr',
        'Ort: Südstadt, Köln',
        '',
        'Stand ansehen:',
        'https://flohmarkt.example.org/staende/42',
        '',
        '-- ',
        'Diese E-Mail wurde von der Flohmarkt-Plattform verschickt.',
        '',
      ].join('\n'),
    );
  });

  it('writes the same content as German HTML with the action as a link', () => {
    const { html } = renderMail(base);
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('Dein Stand wurde genehmigt</h1>');
    expect(html).toContain('Sa., 14. Juni 2025, 08:00–16:00 Uhr');
    expect(html).toContain('<a href="https://flohmarkt.example.org/staende/42"');
    expect(html).toContain('>Stand ansehen</a>');
    expect(html).not.toMatch(/<script/i);
  });

  it('escapes every value in the HTML, so a stand name cannot add markup', () => {
    const { html, text } = renderMail({
      heading: 'Neue Anmeldung: <b>Omas "Schätze"</b>',
      paragraphs: ['<script>alert(1)</script> & mehr'],
      details: [['Name <i>', "O'Brien <img src=x onerror=alert(1)>"]],
    });
    expect(html).toContain('Neue Anmeldung: &lt;b&gt;Omas &quot;Schätze&quot;&lt;/b&gt;');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; mehr');
    expect(html).toContain('O&#39;Brien &lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    // The text part is plain text: it stays as written.
    expect(text).toContain('<script>alert(1)</script> & mehr');
  });

  it('names the opt-out page in the footer of a notification mail, in text and HTML', () => {
    const { unsubscribePageUrl } = mailOptOutUrls('https://flohmarkt.example.org/', 'tok_en-1');
    const { text, html } = renderMail({ ...base, footer: 'Du bekommst diese E-Mail, weil du einen Stand angemeldet hast.', unsubscribePageUrl });
    expect(text).toContain('Du bekommst diese E-Mail, weil du einen Stand angemeldet hast.\nDiese E-Mail wurde von der Flohmarkt-Plattform verschickt.\n');
    expect(text).toContain('abbestellen:\nhttps://flohmarkt.example.org/abmelden/tok_en-1\n');
    expect(html).toContain('<a href="https://flohmarkt.example.org/abmelden/tok_en-1"');
  });

  it('says nothing about opting out without an opt-out page', () => {
    const { text, html } = renderMail(base);
    expect(text).not.toContain('abbestellen');
    expect(html).not.toContain('abbestellen');
  });

  it('refuses a link that is not http(s)', () => {
    expect(() => renderMail({ ...base, action: { label: 'Klick', url: 'javascript:alert(1)' } })).toThrow(/http/);
  });
});

describe('mailOptOutUrls', () => {
  it('builds the one-click POST address and the visible page from the public URL and the token', () => {
    expect(mailOptOutUrls('http://localhost:8080', 'abc')).toEqual({
      unsubscribeUrl: 'http://localhost:8080/api/mail/unsubscribe/abc',
      unsubscribePageUrl: 'http://localhost:8080/abmelden/abc',
    });
  });
});

describe('renderMail with a list', () => {
  it('writes the items as bullet lines in the text and as a list in the HTML, escaped', () => {
    const { text, html } = renderMail({ heading: 'Neue Anmeldungen', paragraphs: ['Neu angemeldet:'], list: ['Anna (Gast) – Bücher', 'Ben <b>&</b> Co'] });
    expect(text).toContain('Neu angemeldet:\n\n• Anna (Gast) – Bücher\n• Ben <b>&</b> Co\n');
    expect(html).toContain('<li style="margin:0 0 6px">Anna (Gast) – Bücher</li>');
    expect(html).toContain('Ben &lt;b&gt;&amp;&lt;/b&gt; Co');
  });
});

describe('renderMail with a choice of actions', () => {
  const choices: MailContent = {
    heading: 'Jemand möchte dein Angebot reservieren',
    paragraphs: ['Max M. möchte „Kinderfahrrad“ reservieren.'],
    actions: [
      { label: 'Annehmen', url: 'https://flohmarkt.example.org/holds/1?token=a&decision=accept' },
      { label: 'Ablehnen', url: 'https://flohmarkt.example.org/holds/1?token=a&decision=decline' },
    ],
    action: { label: 'Anfrage ansehen', url: 'https://flohmarkt.example.org/holds/1?token=a' },
  };

  it('draws each as a button in the HTML, the URLs only in the links, then the one action with its fallback', () => {
    const { html } = renderMail(choices);
    const accept = html.indexOf('<a href="https://flohmarkt.example.org/holds/1?token=a&amp;decision=accept"');
    const decline = html.indexOf('<a href="https://flohmarkt.example.org/holds/1?token=a&amp;decision=decline"');
    const view = html.indexOf('<a href="https://flohmarkt.example.org/holds/1?token=a"');
    expect(accept).toBeGreaterThan(-1);
    expect(decline).toBeGreaterThan(accept);
    expect(view).toBeGreaterThan(decline);
    expect(html).toMatch(/decision=accept" style="[^"]*display:inline-block[^"]*">Annehmen<\/a>/);
    expect(html).toMatch(/decision=decline" style="[^"]*display:inline-block[^"]*">Ablehnen<\/a>/);
    // No written-out URL of a choice: only the one action's fallback line shows its address.
    expect(html).not.toContain('>https://flohmarkt.example.org/holds/1?token=a&amp;decision=');
  });

  it('writes each out in the text part, label and URL, before the one action', () => {
    const { text } = renderMail(choices);
    expect(text).toContain(
      [
        'Annehmen:',
        'https://flohmarkt.example.org/holds/1?token=a&decision=accept',
        '',
        'Ablehnen:',
        'https://flohmarkt.example.org/holds/1?token=a&decision=decline',
        '',
        'Anfrage ansehen:',
        'https://flohmarkt.example.org/holds/1?token=a',
        '',
        '-- ',
      ].join('\n'),
    );
  });

  it('refuses a choice that is not http(s)', () => {
    expect(() => renderMail({ ...choices, actions: [{ label: 'Klick', url: 'javascript:alert(1)' }] })).toThrow(/http/);
  });
});
