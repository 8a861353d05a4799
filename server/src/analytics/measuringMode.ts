import { eq } from 'drizzle-orm';
import { personalMeasuringModes } from '../contract/analytics';
import type { Database } from '../db/client';
import { environmentMeasuring, publicationMeasuring, publications } from '../db/schema';
import { recordInLog, type LogActor } from '../auditLog/recordInLog';

// 'Meten': how much a delivered message measures. Ordered from strictest to most personal; a publication
// may only choose a stricter mode than its environment. Default 'Alleen totalen' (public authorities
// cannot rely on legitimate interest for tracking individuals, AVG art. 6(1)).

export const measuringModes = [
  'Uit',
  'Alleen totalen',
  'Per persoon gepseudonimiseerd',
  'Per persoon',
] as const;
export type MeasuringMode = (typeof measuringModes)[number];
export const defaultMeasuringMode: MeasuringMode = 'Alleen totalen';

/** Whether the mode keeps per-recipient results (a recipient id with each event). */
export function isPersonal(mode: MeasuringMode): boolean {
  return personalMeasuringModes.includes(mode);
}

export function stricter(a: MeasuringMode, b: MeasuringMode): MeasuringMode {
  return measuringModes.indexOf(a) <= measuringModes.indexOf(b) ? a : b;
}

export interface MeasuringSetting {
  mode: MeasuringMode;
  legalBasis: string | null;
}

export async function environmentMeasuringOf(db: Database, environmentId: string): Promise<MeasuringSetting> {
  const [row] = await db
    .select({ mode: environmentMeasuring.mode, legalBasis: environmentMeasuring.legalBasis })
    .from(environmentMeasuring)
    .where(eq(environmentMeasuring.environmentId, environmentId));
  return row
    ? { mode: row.mode as MeasuringMode, legalBasis: row.legalBasis }
    : { mode: defaultMeasuringMode, legalBasis: null };
}

/** The publication's effective mode: its own when set (never laxer than the environment's), else the environment's. */
export async function publicationMeasuringOf(
  db: Database,
  environmentId: string,
  publicationId: string,
): Promise<MeasuringSetting & { environmentMode: MeasuringMode; own: MeasuringMode | null }> {
  const environment = await environmentMeasuringOf(db, environmentId);
  const [row] = await db
    .select({ mode: publicationMeasuring.mode, legalBasis: publicationMeasuring.legalBasis })
    .from(publicationMeasuring)
    .where(eq(publicationMeasuring.publicationId, publicationId));
  const own = (row?.mode as MeasuringMode | undefined) ?? null;
  const mode = own ? stricter(own, environment.mode) : environment.mode;
  const legalBasis =
    mode === 'Per persoon'
      ? own === 'Per persoon'
        ? (row?.legalBasis ?? null)
        : environment.legalBasis
      : null;
  return { mode, legalBasis, environmentMode: environment.mode, own };
}

/** Sets the environment's mode; 'Per persoon' needs the legal basis (checked by the route's schema and here). */
export async function setEnvironmentMeasuring(
  db: Database,
  environmentId: string,
  setting: MeasuringSetting,
  actor: LogActor,
): Promise<void> {
  const values = {
    mode: setting.mode,
    legalBasis: setting.mode === 'Per persoon' ? setting.legalBasis : null,
    updatedBy: actor.userId ?? actor.name,
    updatedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(environmentMeasuring)
      .values({ environmentId, ...values })
      .onConflictDoUpdate({ target: environmentMeasuring.environmentId, set: values });
    await recordInLog(tx, {
      environmentId,
      actor,
      kind: 'measuring.changed',
      resource: { type: 'measuring', label: 'Omgeving' },
      detail: measuringDetail(values),
    });
  });
}

/** The mode and, for measuring per person, the legal basis as stated: what the Logboek keeps of it. */
function measuringDetail(setting: { mode: string; legalBasis: string | null } | null): string {
  if (!setting) return 'volgt de omgeving';
  return setting.legalBasis ? `${setting.mode}; grondslag: ${setting.legalBasis}` : setting.mode;
}

/** Sets (or with null clears) the publication's own mode. */
export async function setPublicationMeasuring(
  db: Database,
  environmentId: string,
  publicationId: string,
  setting: MeasuringSetting | null,
  actor: LogActor,
): Promise<void> {
  const values = setting && {
    mode: setting.mode,
    legalBasis: setting.mode === 'Per persoon' ? setting.legalBasis : null,
    updatedBy: actor.userId ?? actor.name,
    updatedAt: new Date(),
  };
  await db.transaction(async (tx) => {
    if (values) {
      await tx
        .insert(publicationMeasuring)
        .values({ publicationId, environmentId, ...values })
        .onConflictDoUpdate({ target: publicationMeasuring.publicationId, set: values });
    } else {
      await tx.delete(publicationMeasuring).where(eq(publicationMeasuring.publicationId, publicationId));
    }
    const [publication] = await tx
      .select({ name: publications.name })
      .from(publications)
      .where(eq(publications.id, publicationId));
    await recordInLog(tx, {
      environmentId,
      actor,
      kind: 'measuring.changed',
      resource: { type: 'publication', id: publicationId, label: publication?.name },
      detail: measuringDetail(values),
    });
  });
}
