// Fixed ids of the demo content, so tests, e2e scenarios and docs can refer to records directly.
// Each area adds its own block below; never reuse or change an id once published.

export const environmentIds = {
  zuiderveen: 'd4b9f08c-9ffa-411b-a3f7-269dd5a36aa9', // Gemeente Zuiderveen (default)
  cultuurhuis: 'de103123-93c9-4a8d-8e6f-a3ad7582d04d', // Stichting Cultuurhuis Noord
  lageLanden: '9f35e21e-9214-4794-a40d-cad670867a00', // Waterschap Lage Landen (no theme: onboarding)
} as const;

export const userIds = {
  anne: '97254d9e-cad9-4ed4-9905-bba15d48ac9a', // anne@voorbeeld.nl, member of all three
  bram: 'c1f9f25d-ee52-40a3-8980-2c8864753394', // bram@voorbeeld.nl, only Zuiderveen
} as const;

export const themeIds = {
  zuiderveen: '4a60b6c5-625e-44ab-9465-e529f0e1c8fc',
  cultuurhuis: '3d1ac0fa-6c5c-4ad8-bc71-c5c57be8a741',
} as const;

export const demoUsers = {
  anne: { id: userIds.anne, username: 'anne@voorbeeld.nl', name: 'Anne de Vries' },
  bram: { id: userIds.bram, username: 'bram@voorbeeld.nl', name: 'Bram Jansen' },
} as const;

// Media (server/src/seed/media.ts): folders and files of the demo media libraries.
export const mediaIds = {
  zuiderveen: {
    root: '0c6f3b8e-5a1d-4c1e-9a43-6f0d2b7e9a01',
    logos: '0c6f3b8e-5a1d-4c1e-9a43-6f0d2b7e9a02',
    photos: '0c6f3b8e-5a1d-4c1e-9a43-6f0d2b7e9a03',
    events: '0c6f3b8e-5a1d-4c1e-9a43-6f0d2b7e9a04',
    documents: '0c6f3b8e-5a1d-4c1e-9a43-6f0d2b7e9a05',
    logoFile: '5b2e8d14-3f6a-4b7c-8e90-1a2b3c4d5e01', // logo-zuiderveen.png, the theme's logo
    logoSvgFile: '5b2e8d14-3f6a-4b7c-8e90-1a2b3c4d5e02', // beeldmerk.svg
    summerFile: '5b2e8d14-3f6a-4b7c-8e90-1a2b3c4d5e03', // zomerfeest.jpg
    marketFile: '5b2e8d14-3f6a-4b7c-8e90-1a2b3c4d5e04', // marktplein.jpg
    harbourFile: '5b2e8d14-3f6a-4b7c-8e90-1a2b3c4d5e05', // haven.webp
    kingsDayFile: '5b2e8d14-3f6a-4b7c-8e90-1a2b3c4d5e06', // koningsdag.jpg
    reportFile: '5b2e8d14-3f6a-4b7c-8e90-1a2b3c4d5e07', // jaarverslag-2024.pdf
    roadWorksFile: '5b2e8d14-3f6a-4b7c-8e90-1a2b3c4d5e08', // werkzaamheden-dorpsstraat.jpg
    libraryFile: '5b2e8d14-3f6a-4b7c-8e90-1a2b3c4d5e09', // bibliotheek-de-spoorlijn.jpg
  },
  cultuurhuis: {
    root: '0c6f3b8e-5a1d-4c1e-9a43-6f0d2b7e9a11',
    logos: '0c6f3b8e-5a1d-4c1e-9a43-6f0d2b7e9a12',
    logoFile: '5b2e8d14-3f6a-4b7c-8e90-1a2b3c4d5e11', // logo-cultuurhuis.png, the theme's logo
    concertFile: '5b2e8d14-3f6a-4b7c-8e90-1a2b3c4d5e12', // concertzaal.jpg
  },
  lageLanden: {
    root: '0c6f3b8e-5a1d-4c1e-9a43-6f0d2b7e9a21',
    pumpingStations: '0c6f3b8e-5a1d-4c1e-9a43-6f0d2b7e9a22',
    dykeFile: '5b2e8d14-3f6a-4b7c-8e90-1a2b3c4d5e21', // dijk.jpg
  },
} as const;

// Publications (server/src/seed/publications.ts): publication types, templates, publications, a delivery job.
export const publicationIds = {
  types: {
    zuiderveenNewsletter: '7a4d2c10-1b3e-4f5a-8c6d-0e1f2a3b4c01', // Nieuwsbrief
    zuiderveenInvitation: '7a4d2c10-1b3e-4f5a-8c6d-0e1f2a3b4c02', // Uitnodiging
    cultuurhuisNewsletter: '7a4d2c10-1b3e-4f5a-8c6d-0e1f2a3b4c11',
    cultuurhuisInvitation: '7a4d2c10-1b3e-4f5a-8c6d-0e1f2a3b4c12',
    lageLandenNewsletter: '7a4d2c10-1b3e-4f5a-8c6d-0e1f2a3b4c21',
  },
  templates: {
    zuiderveenStandard: '8b5e3d21-2c4f-4a6b-9d7e-1f2a3b4c5d01', // Nieuwsbrief: Standaard
    zuiderveenExtended: '8b5e3d21-2c4f-4a6b-9d7e-1f2a3b4c5d02', // Nieuwsbrief: Uitgebreid
    zuiderveenInvitation: '8b5e3d21-2c4f-4a6b-9d7e-1f2a3b4c5d03', // Uitnodiging: Uitnodiging
    zuiderveenReminder: '8b5e3d21-2c4f-4a6b-9d7e-1f2a3b4c5d04', // Uitnodiging: Herinnering
    cultuurhuisStandard: '8b5e3d21-2c4f-4a6b-9d7e-1f2a3b4c5d11',
    cultuurhuisExtended: '8b5e3d21-2c4f-4a6b-9d7e-1f2a3b4c5d12',
    cultuurhuisInvitation: '8b5e3d21-2c4f-4a6b-9d7e-1f2a3b4c5d13',
    lageLandenStandard: '8b5e3d21-2c4f-4a6b-9d7e-1f2a3b4c5d21',
  },
  publications: {
    januaryNewsletter: '9c6f4e32-3d5a-4b7c-8e8f-2a3b4c5d6e01', // Nieuwsbrief januari 2025 (Zuiderveen), sent
    februaryNewsletter: '9c6f4e32-3d5a-4b7c-8e8f-2a3b4c5d6e02', // Nieuwsbrief februari 2025, sent
    newYearReception: '9c6f4e32-3d5a-4b7c-8e8f-2a3b4c5d6e03', // Uitnodiging nieuwjaarsreceptie
    residentsEvening: '9c6f4e32-3d5a-4b7c-8e8f-2a3b4c5d6e04', // Uitnodiging bewonersavond Stationsgebied
    seasonOpening: '9c6f4e32-3d5a-4b7c-8e8f-2a3b4c5d6e11', // Cultuurhuis: Seizoensopening 2025
    dykeNews: '9c6f4e32-3d5a-4b7c-8e8f-2a3b4c5d6e21', // Lage Landen: Dijkennieuws voorjaar
  },
  // Sent jobs (history, dated in the past): each newsletter went to the receivers' demo audience.
  deliveryJob: 'ad7a5f43-4e6b-4c8d-9fa0-3b4c5d6e7f01', // februaryNewsletter, sent 17 February 2025
  januaryDeliveryJob: 'ad7a5f43-4e6b-4c8d-9fa0-3b4c5d6e7f02', // januaryNewsletter, sent 20 January 2025
} as const;

// Receivers (server/src/seed/receivers.ts): lists, audiences (with their audience lists), unsubscribers.
export const receiverIds = {
  lists: {
    residents: '3e1b7c52-6a0d-4f8e-9b21-5c4d3e2f1a01', // Nieuwsbrief bewoners (labels Wijk, Interesse, Lid sinds)
    entrepreneurs: '3e1b7c52-6a0d-4f8e-9b21-5c4d3e2f1a02', // Ondernemers Zuiderveen (organisations)
    editorsTest: '3e1b7c52-6a0d-4f8e-9b21-5c4d3e2f1a03', // Testlijst redactie (isTest)
    oldNewsletter: '3e1b7c52-6a0d-4f8e-9b21-5c4d3e2f1a04', // Nieuwsbrief 2019 (deleted)
    friends: '3e1b7c52-6a0d-4f8e-9b21-5c4d3e2f1a11', // Cultuurhuis: Vrienden van het Cultuurhuis (label Abonnement)
  },
  audiences: {
    residentsCentre: '4f2c8d63-7b1e-4a9f-8c32-6d5e4f3a2b01', // Bewoners Centrum: residents, filter Wijk = Centrum
    everyone: '4f2c8d63-7b1e-4a9f-8c32-6d5e4f3a2b02', // Inwoners en ondernemers: residents + entrepreneurs
    editorsTest: '4f2c8d63-7b1e-4a9f-8c32-6d5e4f3a2b03', // Test redactie: the test list
    subscribedFriends: '4f2c8d63-7b1e-4a9f-8c32-6d5e4f3a2b11', // Cultuurhuis: Vrienden met abonnement
  },
  audienceLists: {
    residentsCentre: '5a3d9e74-8c2f-4b0a-9d43-7e6f5a4b3c01',
    everyoneResidents: '5a3d9e74-8c2f-4b0a-9d43-7e6f5a4b3c02',
    everyoneEntrepreneurs: '5a3d9e74-8c2f-4b0a-9d43-7e6f5a4b3c03',
    editorsTest: '5a3d9e74-8c2f-4b0a-9d43-7e6f5a4b3c04',
    subscribedFriends: '5a3d9e74-8c2f-4b0a-9d43-7e6f5a4b3c11',
  },
  imports: {
    residents: '5b4eaf85-9d3a-4c1b-8e54-8f7a6b5c4e01', // a finished import into the residents' list (history)
  },
} as const;

// Forms (server/src/seed/forms.ts): one demo form in Zuiderveen with a choice and a text question.
export const formIds = {
  playgroundEvening: '6b4e0f85-9d3a-4c1b-8e54-8f7a6b5c4d01', // Inloopavond nieuwe speeltuin
  eveningQuestion: '6b4e0f85-9d3a-4c1b-8e54-8f7a6b5c4d02', // Welke avond kom je? (single choice)
  nameQuestion: '6b4e0f85-9d3a-4c1b-8e54-8f7a6b5c4d03', // Je naam (text)
  tuesdayOption: '6b4e0f85-9d3a-4c1b-8e54-8f7a6b5c4d04', // Dinsdag 8 december, 2 places, both taken (full)
  thursdayOption: '6b4e0f85-9d3a-4c1b-8e54-8f7a6b5c4d05', // Donderdag 10 december, 25 places, 1 taken
  laterOption: '6b4e0f85-9d3a-4c1b-8e54-8f7a6b5c4d06', // Ik kan niet, houd me op de hoogte (unlimited)
} as const;

// RSVP (server/src/seed/rsvp.ts): the residents' evening as an invitation with answers.
export const rsvpIds = {
  invitationJob: 'ad7a5f43-4e6b-4c8d-9fa0-3b4c5d6e7f03', // residentsEvening sent to Inwoners en ondernemers, 3 days before the seed
} as const;

// Journeys (server/src/seed/journeys.ts): an example a new user can open, edit and activate.
export const journeyIds = {
  welcome: 'be8b6054-5f7c-4d9e-8ab1-4c5d6e7f8a01', // Welkom (Concept): residents' list, A, wait 2 days, Ja: B, Nee: C
} as const;
