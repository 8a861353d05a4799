/**
 * Dutch messages of A/B tests (the deliver form, the job page, the analytics page) under `app.abTests.*`.
 * Merged into the console's messages by src/i18n/nl.ts.
 */
export const abTestsNl = {
  app: {
    abTests: {
      enabled: 'A/B-test',
      enabled_help:
        'Stuur eerst 2 tot 4 varianten naar een deel van de ontvangers; de winnaar gaat daarna naar de rest.',
      field: 'Wat test je?',
      fields: {
        subject: 'Onderwerp',
        preheader: 'Voorbeeldtekst',
        senderName: 'Afzendernaam',
        content: 'Inhoud',
      },
      content_help:
        'Variant A is de inhoud van de publicatie zelf. Variant B tot en met D maak en bewerk je op de pagina ' +
        'van de publicatie, bij Inhoud.',
      content_value: 'Inhoud van variant %{label}',
      variants: {
        label: 'Inhoudsvariant',
        own: 'A (publicatie)',
        add: 'Variant toevoegen',
        added: 'Variant %{label} is toegevoegd: een kopie van de blokken van de publicatie.',
        remove: 'Variant %{label} verwijderen',
        remove_confirm:
          'Variant %{label} en de inhoud ervan worden verwijderd; de varianten erna schuiven een letter op.',
        removed: 'De variant is verwijderd.',
        help: 'Voor een A/B-test van de inhoud: een variant is een kopie van de blokken die je apart aanpast.',
        blocks_title: 'Blokken van variant %{label} (%{count})',
        preview_title: 'Voorbeeld van variant %{label}',
        blocks_help:
          'Een kopie van de blokken van de publicatie. Je past hier de inhoud aan; blokken toevoegen, ' +
          'verplaatsen of verwijderen doe je bij A.',
      },
      variant_count: 'Aantal varianten',
      variant: 'Variant %{label}',
      variant_required: 'Vul deze variant in',
      variant_too_long: 'Gebruik ten hoogste %{max} tekens',
      share: 'Testgroep (%)',
      share_help: 'Dit deel van de ontvangers krijgt een variant, evenredig verdeeld.',
      wait: 'Wachttijd (uren)',
      wait_help: 'Na deze tijd wordt de winnaar gekozen (1 tot 72 uur).',
      decide_by: 'Winnaar kiezen op',
      decisions: {
        humanOpens: 'Unieke openingen door mensen',
        clicks: 'Kliks',
        manual: 'Zelf kiezen',
      },
      decide_by_help:
        'Openingen door mailprogramma’s (zoals Apple Mail) tellen niet mee; kliks zijn het betrouwbaarst.',
      summary: 'Testgroep: %{test} ontvangers (%{perVariant} per variant), daarna de winnaar naar %{rest}.',
      title: 'A/B-test',
      states: {
        Gepland: 'Gepland',
        'Test loopt': 'Test loopt tot %{moment}',
        'Wacht op keuze': 'Wacht op je keuze',
        'Winnaar wordt verzonden': 'Winnaar %{winner} wordt verzonden',
        'Winnaar verzonden': 'Winnaar %{winner} verzonden',
        Geannuleerd: 'Geannuleerd',
      },
      decided_by: 'Gekozen op: %{decision}',
      rest: 'Nog te verzenden: 1 ontvanger |||| Nog te verzenden: %{count} ontvangers',
      rest_sent: 'Naar de rest verzonden: %{sent} van %{count}',
      columns: {
        variant: 'Variant',
        value: 'Waarde',
        sent: 'Verzonden',
        humanOpens: 'Openingen door mensen',
        clicks: 'Kliks',
        unsubscribed: 'Afmeldingen',
        bounces: 'Bounces',
      },
      winner_badge: 'Winnaar',
      decide_now: 'Nu beslissen',
      choose: 'Kies %{label}',
      confirm_choose_title: 'Variant %{label} naar de rest sturen?',
      confirm_choose:
        'Variant %{label} gaat meteen naar de laatste ontvanger. Dit kun je niet terugdraaien. |||| ' +
        'Variant %{label} gaat meteen naar de overige %{count} ontvangers. Dit kun je niet terugdraaien.',
      confirm_decide_title: 'Nu de winnaar kiezen?',
      confirm_decide:
        'De variant die nu het best scoort gaat meteen naar de laatste ontvanger. Dit kun je niet terugdraaien. |||| ' +
        'De variant die nu het best scoort gaat meteen naar de overige %{count} ontvangers. Dit kun je niet terugdraaien.',
      decide_denied: 'Alleen een %{roles} kan de winnaar kiezen.',
      decided: 'De winnaar gaat nu naar de rest van de ontvangers.',
      comparison_title: 'A/B-test: %{title}',
    },
  },
};
