import { flowAnswers, flowFieldOptions, flowFields, flowSubmissions, flows } from '../db/schema';
import { formFieldTypes } from '../contract/formRules';
import { environmentIds, formIds } from './ids';
import type { SeedModule } from './seedModule';

/** Demo answers: [evening option, name]; the option's `taken` below counts them. */
const demoSubmissions = [
  [formIds.tuesdayOption, 'Fatima el Amrani'],
  [formIds.tuesdayOption, 'Joost van Dam'],
  [formIds.thursdayOption, 'Lotte Verbeek'],
] as const;

const options = [
  { id: formIds.tuesdayOption, label: 'Dinsdag 8 december', maxAnswers: 2 },
  { id: formIds.thursdayOption, label: 'Donderdag 10 december', maxAnswers: 25 },
  { id: formIds.laterOption, label: 'Ik kan niet, houd me op de hoogte', maxAnswers: 0 },
];

/**
 * One form in Zuiderveen, so the console's Forms screens and the public page have something to show:
 * a choice question with a full option, a limited one and an unlimited one, a text question and three
 * submissions.
 */
export const formsSeed: SeedModule = {
  area: 'forms',
  async seed({ db }) {
    await db.insert(flows).values({
      id: formIds.playgroundEvening,
      environmentId: environmentIds.zuiderveen,
      name: 'Inloopavond nieuwe speeltuin',
      title: 'Inloopavond over de nieuwe speeltuin',
      description:
        'De gemeente bouwt een nieuwe speeltuin aan de Lindelaan. Op twee avonden kun je de ontwerpen bekijken ' +
        'en je mening geven.\n\nKies de avond waarop je komt; per avond is er een beperkt aantal plaatsen.',
    });
    await db.insert(flowFields).values([
      {
        id: formIds.eveningQuestion,
        flowId: formIds.playgroundEvening,
        label: 'Welke avond kom je?',
        type: formFieldTypes.radio,
        position: 0,
      },
      {
        id: formIds.nameQuestion,
        flowId: formIds.playgroundEvening,
        label: 'Je naam',
        type: formFieldTypes.text,
        position: 1,
      },
    ]);
    await db.insert(flowFieldOptions).values(
      options.map((option, position) => ({
        ...option,
        fieldId: formIds.eveningQuestion,
        position,
        taken: demoSubmissions.filter(([chosen]) => chosen === option.id).length,
      })),
    );
    for (const [optionId, name] of demoSubmissions) {
      const [submission] = await db
        .insert(flowSubmissions)
        .values({ flowId: formIds.playgroundEvening })
        .returning({ id: flowSubmissions.id });
      await db.insert(flowAnswers).values([
        {
          submissionId: submission.id,
          fieldId: formIds.eveningQuestion,
          optionId,
          value: options.find((option) => option.id === optionId)?.label ?? '',
        },
        { submissionId: submission.id, fieldId: formIds.nameQuestion, optionId: null, value: name },
      ]);
    }
  },
};
