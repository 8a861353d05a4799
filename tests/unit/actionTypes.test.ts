import type { ImportPreview, ListImport } from '@contract/listImports';
import type { RenderedPublication } from '@contract/publications';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { DeclaredDataProvider } from '../../src/dataProvider/declaredDataProvider';
import { defineResource } from '../../src/declarative/resourceDeclaration';
import type { useDeclaredQuery } from '../../src/declarative/useDeclaredQuery';
import { resources, type DeclaredActions } from '../../src/resources';

/**
 * Every declared resource, as `DeclaredActions` knows it. A resource declared in the one-call form
 * (`defineResource<T>({ … })`) has no typed name, so its actions would be unknown to
 * `useDeclaredDataProvider`: the object must name each resource once, and the test below checks that
 * the run-time registry has exactly these.
 */
const everyResource: Record<keyof DeclaredActions, true> = {
  analyticsRecipients: true,
  approvals: true,
  approvalSettings: true,
  auditLog: true,
  auditLogSettings: true,
  audiences: true,
  caughtMessages: true,
  fieldOptions: true,
  flowFields: true,
  flowOptionCounts: true,
  flowSubmissions: true,
  flows: true,
  importRefusals: true,
  jobRecipients: true,
  jobs: true,
  journeys: true,
  listImports: true,
  lists: true,
  mediaFiles: true,
  mediaFolders: true,
  measuring: true,
  publicArchive: true,
  persons: true,
  platformEnvironments: true,
  platformLog: true,
  platformMembers: true,
  members: true,
  publicationBlocks: true,
  publicationTypes: true,
  publications: true,
  retention: true,
  rsvpInvitations: true,
  rsvpInvitees: true,
  sender: true,
  signUpForms: true,
  subscribers: true,
  tags: true,
  themes: true,
  unsubscribers: true,
  webFonts: true,
};

declare const dataProvider: DeclaredDataProvider<DeclaredActions>;
declare const readDeclared: typeof useDeclaredQuery;

interface Job {
  id: string;
  status: string;
}

/** A resource with two named actions: the views below may name those and no other. */
const declareJobs = defineResource<Job>();
const jobApi = {
  getOne: { method: 'GET', path: '/jobs/{id}' },
  actions: {
    cancel: { method: 'POST', path: '/jobs/{id}/cancel' },
    report: { method: 'GET', path: '/jobs/{id}/report' },
  },
} as const;
const jobLabel = { one: 'Taak', many: 'Taken' };
const jobFields = [{ source: 'status', label: 'Status', kind: 'text' }] as const;

describe('typed named actions', () => {
  it('types the actions of every declared resource', () => {
    expect(resources.map((declaration) => declaration.name).sort()).toEqual(
      Object.keys(everyResource).sort(),
    );
  });

  it('types each action as its declaration has it at run time', () => {
    const listImports = resources.find((declaration) => declaration.name === 'listImports');
    const typedNames: Record<keyof DeclaredActions['listImports'], true> = {
      preview: true,
      start: true,
      cancel: true,
      refusedCsv: true,
    };
    expect(Object.keys(listImports?.api.actions ?? {}).sort()).toEqual(Object.keys(typedNames).sort());
  });

  it("gives an action's result the type its endpoint declares", () => {
    // Checked by `npm run typecheck`; an undeclared answer stays `unknown`.
    expectTypeOf<DeclaredActions['publications']['render']>().toEqualTypeOf<RenderedPublication>();
    expectTypeOf<DeclaredActions['listImports']['start']>().toEqualTypeOf<ListImport>();
    expectTypeOf<DeclaredActions['listImports']['preview']>().toEqualTypeOf<ImportPreview>();
    expectTypeOf<DeclaredActions['journeys']['pause']>().toBeUnknown();
  });

  it('refuses a wrong resource, action or result type at compile time', () => {
    // Each line is checked by `npm run typecheck`: without its error, the directive itself fails.
    const misuses = [
      // @ts-expect-error: no resource is declared as 'publication'
      () => dataProvider.action('publication', 'render'),
      // @ts-expect-error: publications have no action 'rendr'
      () => dataProvider.action('publications', 'rendr', { id: 'p-1' }),
      // @ts-expect-error: the answer of 'render' is a RenderedPublication, not a list
      async (): Promise<ListImport[]> => (await dataProvider.action('publications', 'render')).data,
      // @ts-expect-error: the result type follows from the declaration, not from a type argument
      () => dataProvider.action<ListImport>('listImports', 'cancel'),
      // @ts-expect-error: uploads are checked too: media files have no action 'uplaod'
      () => dataProvider.upload('mediaFiles', 'uplaod', { file: new File([], 'a.png') }),
    ];
    expect(misuses).toHaveLength(5);
  });

  it('refuses an action a declaration names that its api does not declare, wherever it is named', () => {
    // Each declaration is checked by `npm run typecheck`: without its error, the directive itself fails.
    const declarations = [
      declareJobs({
        name: 'jobs',
        label: jobLabel,
        api: jobApi,
        fields: jobFields,
        views: {
          show: {
            notFound: 'Bestaat niet',
            actions: [
              { label: 'Annuleren', run: { action: 'cancel' } },
              { label: 'Rapport', download: { action: 'report', fileName: () => 'rapport.csv' } },
            ],
          },
        },
      }),
      declareJobs({
        name: 'jobs',
        label: jobLabel,
        api: jobApi,
        fields: jobFields,
        views: {
          // @ts-expect-error: jobs have no action 'cancle' (a detail page's run)
          show: { notFound: 'Bestaat niet', actions: [{ label: 'Annuleren', run: { action: 'cancle' } }] },
        },
      }),
      declareJobs({
        name: 'jobs',
        label: jobLabel,
        api: jobApi,
        fields: jobFields,
        views: {
          list: {
            title: 'Taken',
            columns: ['status'],
            // @ts-expect-error: jobs have no action 'archive' (a table's row action)
            rowActions: [{ label: 'Archiveren', run: { action: 'archive' } }],
          },
        },
      }),
      declareJobs({
        name: 'jobs',
        label: jobLabel,
        api: jobApi,
        fields: jobFields,
        views: {
          forms: {
            // @ts-expect-error: jobs have no action 'reprot' (a form's save)
            rename: { as: 'slideOver', title: 'Rapport', fields: ['status'], save: { action: 'reprot' } },
          },
        },
      }),
    ];
    const reads = [
      // @ts-expect-error: a declared read is checked as a call is: publications have no action 'analytic'
      () => readDeclared('publications', 'analytic', { id: 'p-1' }),
    ];
    expect([...declarations, ...reads]).toHaveLength(5);
  });
});
