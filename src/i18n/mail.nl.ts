/**
 * Dutch messages of the mail area (`app.mail.*`: the embedded catcher's page; `app.test_send.*`: the test
 * send of a publication). Merged into the console's messages by src/i18n/nl.ts.
 */
export const mailNl = {
  app: {
    menu: { mail: 'Verzonden berichten' },
    mail: {
      one: 'Bericht',
      many: 'Verzonden berichten',
      title: 'Verzonden berichten (testomgeving)',
      empty:
        'Er zijn nog geen berichten verstuurd. In deze testomgeving gaat geen mail echt de deur uit: wat het platform verstuurt, komt hier terecht.',
      back: 'Alle berichten',
      not_found: 'Dit bericht bestaat niet (meer).',
      fields: {
        to: 'Aan',
        from: 'Van',
        subject: 'Onderwerp',
        receivedAt: 'Tijd',
      },
      received: 'Ontvangen op %{time}',
      html: 'Opgemaakte versie',
      html_frame: 'Opgemaakte versie van het bericht',
      text: 'Tekstversie',
      headers: 'Headers',
      header_name: 'Naam',
      header_value: 'Waarde',
      no_html: 'Dit bericht heeft geen opgemaakte versie.',
      no_text: 'Dit bericht heeft geen tekstversie.',
    },
    test_send: {
      action: 'Testverzending',
      title: 'Testverzending',
      description:
        'Verstuur %{name} als test naar hoogstens 10 e-mailadressen. De adressen hoeven niet op een lijst te staan; het onderwerp begint met [TEST].',
      template: 'Sjabloon',
      addresses: 'E-mailadressen',
      addresses_help: 'Eén adres per regel, of gescheiden door komma’s.',
      addresses_required: 'Vul minstens één e-mailadres in',
      too_many: 'Je kunt hoogstens %{max} adressen tegelijk testen',
      invalid_address: "'%{address}' is geen geldig e-mailadres",
      submit: 'Versturen',
      sent: 'De testverzending is verstuurd.',
    },
  },
};
