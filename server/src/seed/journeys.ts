import type { JourneyGraph } from '../contract/journeys';
import { journeys } from '../db/schema';
import { assertGraphShape } from '../journeys/graph';
import { environmentIds, journeyIds, publicationIds, receiverIds } from './ids';
import type { SeedModule } from './seedModule';

const { publications, templates } = publicationIds;

/**
 * 'Welkom' as a draft (Concept): whoever joins the residents' list gets the January newsletter, two days
 * later the February one if they live in Zuiderveen, else the invitation to the residents' evening. It
 * shows a new user what a journey looks like; nothing runs until someone activates it.
 */
const welcome: JourneyGraph = {
  triggers: [{ kind: 'addedToList', listId: receiverIds.lists.residents, includeImports: false }],
  start: 'welkom',
  steps: [
    {
      id: 'welkom',
      kind: 'send',
      publicationId: publications.januaryNewsletter,
      templateId: templates.zuiderveenStandard,
      next: 'wacht',
    },
    { id: 'wacht', kind: 'wait', wait: { type: 'duration', minutes: 2 * 24 * 60 }, next: 'woonplaats' },
    {
      id: 'woonplaats',
      kind: 'condition',
      condition: { kind: 'field', field: 'city', operator: 'IsEqual', value: 'Zuiderveen' },
      yes: 'nieuwsbrief',
      no: 'uitnodiging',
    },
    {
      id: 'nieuwsbrief',
      kind: 'send',
      publicationId: publications.februaryNewsletter,
      templateId: templates.zuiderveenStandard,
      next: 'einde',
    },
    {
      id: 'uitnodiging',
      kind: 'send',
      publicationId: publications.residentsEvening,
      templateId: templates.zuiderveenInvitation,
      next: 'einde',
    },
    { id: 'einde', kind: 'end' },
  ],
  settings: { reentry: 'off', reentryMinutes: 0, exitWhenRemoved: true },
};

export const journeysSeed: SeedModule = {
  area: 'journeys',
  async seed({ db }) {
    assertGraphShape(welcome);
    await db.insert(journeys).values({
      id: journeyIds.welcome,
      environmentId: environmentIds.zuiderveen,
      name: 'Welkom',
      draft: welcome,
    });
  },
};
