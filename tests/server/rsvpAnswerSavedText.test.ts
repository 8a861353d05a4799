import { describe, expect, it } from 'vitest';
import { answerSavedText } from '../../server/src/rsvp/answerPage';
import type { InvitationEvent } from '../../server/src/rsvp/publicInvitation';

// What the RSVP page says once an answer is recorded: why a 'Ja' waits, and a mail only where one is sent.

const event = (places: number, acceptedPersons: number) => ({ places, acceptedPersons }) as InvitationEvent;
const mailed = { mailed: true, environmentName: 'Gemeente Zuiderveen' };
const notMailed = { mailed: false, environmentName: 'Gemeente Zuiderveen' };

describe('the RSVP page after an answer', () => {
  it('confirms a recorded answer and promises the confirmation mail', () => {
    expect(answerSavedText(event(10, 3), { waiting: false, guests: 0 }, mailed)).toBe(
      'Je antwoord is opgeslagen. Je krijgt een bevestiging per e-mail.',
    );
  });

  it('says all places are taken when none is left', () => {
    expect(answerSavedText(event(2, 2), { waiting: true, guests: 0 }, mailed)).toBe(
      'Alle plaatsen zijn bezet: je staat op de wachtlijst. Komt er een plaats vrij, dan krijg je een e-mail.',
    );
  });

  it('says the free places are too few for the guests, and how to take them, when some are left', () => {
    expect(answerSavedText(event(2, 0), { waiting: true, guests: 2 }, mailed)).toBe(
      'Er zijn nog 2 plaatsen vrij, niet genoeg voor jou en je gasten: je staat op de wachtlijst. Wil je een vrije plaats? Antwoord dan opnieuw met minder gasten. Komt er een plaats vrij, dan krijg je een e-mail.',
    );
    expect(answerSavedText(event(2, 1), { waiting: true, guests: 1 }, mailed)).toMatch(
      /^Er is nog 1 plaats vrij, niet genoeg voor jou en je gast: /,
    );
  });

  it('promises no mail to an address unsubscribed from everything, and says where to look instead', () => {
    expect(answerSavedText(event(10, 3), { waiting: false, guests: 0 }, notMailed)).toBe(
      'Je antwoord is opgeslagen. Je hebt je afgemeld voor berichten van Gemeente Zuiderveen, dus je krijgt geen bevestiging per e-mail.',
    );
    const waiting = answerSavedText(event(2, 2), { waiting: true, guests: 0 }, notMailed);
    expect(waiting).toBe(
      'Alle plaatsen zijn bezet: je staat op de wachtlijst. Je hebt je afgemeld voor berichten van Gemeente Zuiderveen, dus je krijgt geen e-mail: kijk later op deze pagina of je een plaats hebt.',
    );
    expect(waiting).not.toContain('dan krijg je een e-mail');
  });
});
