import { escapeHtml as escape } from '../http/html';
import type { Mailer } from '../mail/mailer';
import { environmentMailHeader } from '../mail/environmentHeader';

// The two mails of 'Mijn gegevens': a link to download, a link to confirm the erasure. Sent to the address
// itself, so only its owner can follow them.

export interface PersonalDataMail {
  mailer: Mailer;
  from: string;
  environmentId: string;
  environmentName: string;
  to: string;
  purpose: 'downloaden' | 'wissen';
  link: string;
  hours: number;
}

export async function sendPersonalDataMail(mail: PersonalDataMail): Promise<void> {
  const { environmentName: name, link, hours } = mail;
  const download = mail.purpose === 'downloaden';
  const subject = download
    ? `Je gegevens bij ${name} downloaden`
    : `Bevestig het wissen van je gegevens bij ${name}`;
  const lead = download
    ? `Je vroeg om alles wat ${name} over dit e-mailadres bewaart. Open de link en kies Downloaden:`
    : `Je vroeg om alles te wissen wat ${name} over dit e-mailadres bewaart. Open de link en kies Wissen om het te bevestigen:`;
  const tail = `De link werkt ${hours} uur. Heb je dit niet zelf gevraagd? Dan kun je deze e-mail negeren.`;
  await mail.mailer.send({
    from: mail.from,
    to: mail.to,
    subject,
    text: `${lead}\n\n${link}\n\n${tail}\n`,
    html: `<p>${escape(lead)}</p><p><a href="${escape(link)}">${escape(link)}</a></p><p>${escape(tail)}</p>`,
    headers: { [environmentMailHeader]: mail.environmentId },
  });
}
