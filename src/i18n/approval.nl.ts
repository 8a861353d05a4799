/** Dutch messages of 'Goedkeuring' (approval before sending), under `app.approval.*`; merged by src/i18n/nl.ts. */
export const approvalNl = {
  app: {
    menu: { approvals: 'Goed te keuren' },
    approval: {
      badge:
        '%{smart_count} aanvraag wacht op je goedkeuring |||| %{smart_count} aanvragen wachten op je goedkeuring',
      settings: {
        title: 'Goedkeuring',
        intro:
          'Laat een tweede lid meekijken voor een grote verzending. Staat goedkeuring aan, dan maakt Verspreiden vanaf het gekozen aantal ontvangers een aanvraag in plaats van een verzending; een ander lid dat mag verzenden keurt haar goed of wijst haar af. Niemand keurt zijn eigen aanvraag goed.',
        fields: {
          required: 'Goedkeuring vragen',
          minRecipients: 'Vanaf aantal ontvangers',
          journeys: 'Ook bij het publiceren van trajecten',
        },
        help: {
          // Said of the switch, not of one of its states: the text stays under it whether it is on or off.
          journeys:
            'Publiceren of Activeren van een traject maakt dan een aanvraag; het traject gaat pas lopen als een ander lid dat mag verzenden haar goedkeurt.',
          required:
            'Verspreiden maakt dan vanaf het gekozen aantal ontvangers een aanvraag. Staat dit uit, dan gaat elke verzending meteen (of op het gekozen moment) weg.',
          minRecipients:
            'Een verzending naar minstens zoveel ontvangers wacht op goedkeuring; naar minder gaat ze meteen.',
        },
        min_required: 'Vanaf aantal ontvangers is een verplicht veld',
        min_positive: 'Kies een aantal van 1 of meer.',
        saved: 'De goedkeuring is opgeslagen.',
        summary_off: 'Uit: verzendingen gaan zonder goedkeuring.',
        summary_on: 'Aan vanaf %{count} ontvangers.',
        summary_journeys: 'Publiceren van trajecten: met goedkeuring.',
      },
      deliver: {
        title: 'Goedkeuring nodig',
        text: "Deze verzending gaat naar %{count} ontvangers (goedkeuring vanaf %{threshold}). Na 'Verspreiden' wacht ze op goedkeuring door %{approvers}.",
        // Fewer recipients than the threshold: the member's role (Redacteur) sends only through approval.
        text_role:
          "Deze verzending gaat naar %{count} ontvangers. Als Redacteur laat je elke verzending goedkeuren: na 'Verspreiden' wacht ze op goedkeuring door %{approvers}.",
        nobody:
          'Er is nog geen ander lid dat mag verzenden: vraag een beheerder iemand toe te voegen die de aanvraag kan goedkeuren.',
        requested: 'Goedkeuring aangevraagd. De verzending wacht op %{approvers}.',
      },
      one: 'Aanvraag',
      many: 'Aanvragen',
      list: {
        title: 'Goed te keuren',
        empty: 'Er zijn geen aanvragen om goed te keuren.',
      },
      fields: {
        title: 'Titel',
        publicationName: 'Publicatie',
        subject: 'Publicatie of traject',
        audienceName: 'Doelgroep',
        recipientCount: 'Ontvangers',
        state: 'Status',
        requestedBy: 'Aangevraagd door',
        requestedAt: 'Aangevraagd',
        reason: 'Reden',
      },
      detail: {
        back: 'Alle aanvragen',
        state: '%{state}',
        not_found: 'Deze aanvraag bestaat niet (meer).',
        publication: 'Publicatie: %{name}',
        journey: 'Traject: %{name}',
        to_journey: 'Naar het traject',
        journey_title: 'Wat er gepubliceerd wordt',
        journey_state: 'Nu: %{state}',
        journey_version: 'Nu: %{state}, versie %{version}',
        journey_start: 'Start:',
        journey_no_start: 'nog geen',
        journey_steps: 'Stappen (%{smart_count}) |||| Stappen (%{smart_count})',
        journey_no_steps: 'Nog geen stappen.',
        audience: 'Doelgroep: %{name}',
        recipients: 'Ontvangers bij de aanvraag: %{count}',
        requested: 'Aangevraagd door %{name} op %{moment}',
        moment_now: 'Verzendmoment: direct na goedkeuring',
        moment_planned: 'Verzendmoment: %{moment}',
        waiting_for: 'Wacht op goedkeuring door %{approvers}',
        approved: 'Goedgekeurd door %{name} op %{moment}',
        rejected: 'Afgewezen door %{name} op %{moment}. Reden: %{reason}',
        approve: 'Goedkeuren',
        approve_denied: 'Alleen een %{roles} kan deze aanvraag goedkeuren.',
        approve_title: '%{name} goedkeuren',
        approve_content:
          'De verzending wordt aangemaakt zoals je haar hier ziet, naar de ontvangers die de doelgroep dan heeft.',
        approved_message: 'Goedgekeurd: de verzending is aangemaakt.',
        approve_journey_content:
          'Het traject wordt gepubliceerd zoals je het hier ziet en gaat mail versturen aan wie erin komt.',
        approved_journey_message: 'Goedgekeurd: het traject is gepubliceerd.',
        reject: 'Afwijzen',
        reject_title: 'Aanvraag afwijzen',
        reject_description: 'De aanvrager krijgt je reden per e-mail.',
        reject_reason_required: 'Reden is een verplicht veld',
        rejected_message: 'De aanvraag is afgewezen.',
        job: 'Naar de verzending',
        review_title: 'Wat er uitgaat',
        recipients_now: 'Ontvangers nu: %{count}',
        from: 'Afzender: %{from}',
        blockers: 'Dit houdt de verzending tegen',
        warnings: 'Let op',
        nobody: 'niemand (er is geen ander lid dat mag verzenden)',
      },
      job_approved: 'Goedgekeurd door %{name} op %{moment}',
    },
  },
};
