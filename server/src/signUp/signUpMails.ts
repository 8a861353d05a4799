import { escapeHtml } from '../rendering/escapeHtml';

// The two sign-up mails: the confirmation link (the form's own subject and text), and, for an address
// that already receives every chosen list, a short note to its owner.

export interface SignUpMail {
  subject: string;
  html: string;
  text: string;
}

function mail(
  subject: string,
  paragraphs: readonly string[],
  link?: { label: string; url: string },
): SignUpMail {
  const html = `<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1b2430">
${paragraphs.map((paragraph) => `<p style="white-space:pre-line">${escapeHtml(paragraph)}</p>`).join('\n')}
${link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : ''}
</body></html>`;
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : []), ''].join('\n\n');
  return { subject, html, text };
}

export function confirmationMail(
  form: { confirmationSubject: string; confirmationText: string },
  url: string,
) {
  return mail(
    form.confirmationSubject,
    [
      form.confirmationText,
      'De link werkt 7 dagen. Heb je je niet aangemeld? Dan hoef je niets te doen: zonder bevestiging word je niet aangemeld.',
    ],
    { label: 'Aanmelding bevestigen', url },
  );
}

export function alreadySubscribedMail(formName: string) {
  return mail('Je bent al aangemeld', [
    `Iemand heeft dit e-mailadres aangemeld via '${formName}'. Je bent al aangemeld: je ontvangt de gekozen nieuwsbrieven al en hoeft niets te doen.`,
    'Heb je dit niet zelf gedaan? Dan kun je dit bericht negeren.',
  ]);
}
