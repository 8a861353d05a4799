import { sql } from 'drizzle-orm';
import type { JourneyGraph, JourneyStep } from '../contract/journeys';
import type { Database } from '../db/client';
import type { Clock } from '../delivery/clock';
import { conditionKindOf } from './conditionKinds';
import { drainOutbox } from './enrollments';
import { stepsById } from './graph';
import { listStepActions, updateFieldActions, type StepResult } from './listSteps';
import type { Person } from './person';
import { queueSends, type PendingSend, type SendGroup } from './sendSteps';
import { waitTarget, waitDescription } from './waits';

// The ticker: claims due enrollments with FOR UPDATE SKIP LOCKED (so any number of workers share them
// without overlap), moves them through their steps until each waits, ends or leaves, and writes what it
// did as step runs, all in one transaction per batch. The batch moves set-based, in rounds: each round
// takes every moving enrollment one step on, with one statement per step (a condition answered for all
// of its people at once, a list step or field update for all of them, a send step's runs, delivery job
// and recipients in one insert) and one insert for the round's other step runs; at the end one update
// moves all the enrollments. Step runs are unique per (enrollment, step, visit): whatever claims an
// enrollment twice, a step's run (and its send) exists once.

export interface JourneyContext {
  db: Database;
  clock: Clock;
  /** Queues a delivery job written by a send step (after the commit). */
  enqueueDelivery(jobId: string): Promise<void>;
  batchSize: number;
}

interface ClaimedEnrollment {
  id: string;
  journeyId: string;
  journeyName: string;
  environmentId: string;
  person: Person;
  currentStepId: string | null;
  nextRunAt: Date;
  waitUntil: Date | null;
  graph: JourneyGraph;
  /** Why the person leaves before the next step (a global unsubscribe, removal from the trigger list). */
  exit: string | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** More steps than this in one go means a broken graph (the shape check forbids loops). */
const stepsPerRun = 100;

/** One ticker round: the outbox, then due enrollments batch by batch. Answers enrollments handled. */
export async function tick(context: JourneyContext): Promise<number> {
  while ((await drainOutbox(context.db, context.clock.now(), context.batchSize)) > 0);
  let handled = 0;
  for (;;) {
    const count = await runDueBatch(context);
    handled += count;
    if (count < context.batchSize) return handled;
  }
}

export async function runDueBatch(context: JourneyContext): Promise<number> {
  const now = context.clock.now();
  const { count, jobIds } = await context.db.transaction(async (txn) => {
    const tx = txn as unknown as Database;
    const claimed = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        SELECT e.id, e.journey_id, j.name AS journey_name, e.environment_id, e.email, e.subscriber_id,
               e.trigger_list_id, e.current_step_id, e.next_run_at, e.wait_until, jv.graph,
               EXISTS (SELECT 1 FROM unsubscribers AS u WHERE u.environment_id = e.environment_id
                         AND u.removed_at IS NULL AND lower(u.email) = lower(e.email)) AS unsubscribed,
               (coalesce((jv.graph -> 'settings' ->> 'exitWhenRemoved')::boolean, false)
                AND e.trigger_list_id IS NOT NULL
                AND NOT EXISTS (SELECT 1 FROM subscribers AS s WHERE s.list_id = e.trigger_list_id
                                  AND lower(s.email) = lower(e.email))) AS removed
        FROM journey_enrollments AS e
        JOIN journeys AS j ON j.id = e.journey_id
        JOIN journey_versions AS jv ON jv.id = e.version_id
        WHERE e.state = 'Actief' AND e.next_run_at <= ${now.toISOString()} AND j.state = 'Actief'
        ORDER BY e.next_run_at
        LIMIT ${context.batchSize}
        FOR UPDATE OF e SKIP LOCKED`),
    ).map((row): ClaimedEnrollment => ({
      id: row.id as string,
      journeyId: row.journey_id as string,
      journeyName: row.journey_name as string,
      environmentId: row.environment_id as string,
      person: {
        email: row.email as string,
        subscriberId: row.subscriber_id as string | null,
        triggerListId: row.trigger_list_id as string | null,
      },
      currentStepId: row.current_step_id as string | null,
      nextRunAt: new Date(row.next_run_at as string),
      waitUntil: row.wait_until ? new Date(row.wait_until as string) : null,
      graph: row.graph as JourneyGraph,
      exit: row.unsubscribed
        ? 'Verlaten: uitgeschreven.'
        : row.removed
          ? 'Verlaten: verwijderd uit de triggerlijst.'
          : null,
    }));
    const batch = new Batch(tx, now);
    const jobIds = await batch.advance(claimed);
    return { count: claimed.length, jobIds };
  });
  for (const jobId of jobIds) await context.enqueueDelivery(jobId);
  return count;
}

type Outcome = {
  state: 'Actief' | 'Klaar' | 'Verlaten' | 'Fout';
  stepId: string | null;
  nextRunAt: Date | null;
  waitUntil: Date | null;
};

/** An enrollment on its way through the batch. */
interface Moving {
  enrollment: ClaimedEnrollment;
  steps: Map<string, JourneyStep>;
  stepId: string | null;
  /** Waits count from the moment the enrollment was due, not from when a busy ticker got to it. */
  logical: Date;
  waitUntil: Date | null;
}

interface RunRow {
  enrollment_id: string;
  journey_id: string;
  step_id: string;
  step_kind: string;
  status: 'Gelukt' | 'Wachtend' | 'Fout';
  result: string;
}

/** One claimed batch: moves it in rounds and writes each round's effects with one statement per kind. */
class Batch {
  private readonly outcomes = new Map<string, Outcome>();
  private readonly jobIds: string[] = [];
  private readonly failedJourneys = new Map<string, string>();

  constructor(
    private readonly tx: Database,
    private readonly now: Date,
  ) {}

  async advance(claimed: ClaimedEnrollment[]): Promise<string[]> {
    let moving: Moving[] = [];
    const exits: RunRow[] = [];
    for (const enrollment of claimed) {
      if (enrollment.exit) {
        exits.push(
          this.run(enrollment, enrollment.currentStepId ?? 'start', 'exit', 'Gelukt', enrollment.exit),
        );
        this.finish(enrollment, 'Verlaten', enrollment.currentStepId);
      } else {
        moving.push({
          enrollment,
          steps: stepsById(enrollment.graph),
          stepId: enrollment.currentStepId,
          logical: enrollment.nextRunAt,
          waitUntil: enrollment.waitUntil,
        });
      }
    }
    await this.writeRuns(exits);
    for (let taken = 0; taken < stepsPerRun && moving.length > 0; taken++) moving = await this.round(moving);
    const stuck = moving.map((each) => {
      this.finish(each.enrollment, 'Fout', each.stepId);
      return this.run(
        each.enrollment,
        each.stepId ?? 'start',
        'exit',
        'Fout',
        'Te veel stappen achter elkaar.',
      );
    });
    await this.writeRuns(stuck);
    await this.writeOutcomes();
    return this.jobIds;
  }

  /** Every moving enrollment one step on; answers those that move on further. */
  private async round(moving: Moving[]): Promise<Moving[]> {
    const runs: RunRow[] = [];
    const closed: Array<{ enrollment_id: string; step_id: string; result: string }> = [];
    const next: Moving[] = [];
    // Steps that touch the database, by journey version and step: one statement for all of their people.
    const atStep = new Map<string, { step: JourneyStep; people: Moving[] }>();
    for (const each of moving) {
      const { enrollment } = each;
      const step = each.stepId === null ? undefined : each.steps.get(each.stepId);
      if (!step) {
        this.finish(enrollment, 'Klaar', null);
        continue;
      }
      if (step.kind === 'wait') {
        if (each.waitUntil === null) {
          const target = waitTarget(step.wait, each.logical);
          if (target.getTime() > this.now.getTime()) {
            runs.push(
              this.run(enrollment, step.id, step.kind, 'Wachtend', `Wacht tot ${waitDescription(target)}.`),
            );
            this.finish(enrollment, 'Actief', step.id, target);
            continue;
          }
          runs.push(
            this.run(enrollment, step.id, step.kind, 'Gelukt', `Gewacht tot ${waitDescription(target)}.`),
          );
          each.logical = target;
        } else {
          // The run written on arrival ('Wachtend') becomes the wait's outcome.
          closed.push({
            enrollment_id: enrollment.id,
            step_id: step.id,
            result: `Gewacht tot ${waitDescription(each.waitUntil)}.`,
          });
          each.logical = each.waitUntil;
          each.waitUntil = null;
        }
        each.stepId = step.next ?? null;
        next.push(each);
      } else if (step.kind === 'end') {
        runs.push(this.run(enrollment, step.id, step.kind, 'Gelukt', 'Einde van de journey.'));
        this.finish(enrollment, 'Klaar', step.id);
      } else {
        const key = `${enrollment.journeyId}|${JSON.stringify(step)}`;
        const group = atStep.get(key) ?? { step, people: [] };
        group.people.push(each);
        atStep.set(key, group);
      }
    }
    for (const { step, people } of atStep.values()) {
      if (step.kind === 'send') {
        await this.send(step, people);
        for (const each of people) each.stepId = step.next ?? null;
        next.push(...people);
      } else if (step.kind === 'condition') {
        const holding = await this.holding(step, people);
        for (const each of people) {
          const holds = holding.has(each.enrollment.id);
          runs.push(this.run(each.enrollment, step.id, step.kind, 'Gelukt', holds ? 'Ja' : 'Nee'));
          each.stepId = holds ? step.yes : step.no;
          next.push(each);
        }
      } else if (step.kind === 'addToList' || step.kind === 'removeFromList' || step.kind === 'updateField') {
        const atThisStep = people.map((each) => ({
          enrollmentId: each.enrollment.id,
          person: each.enrollment.person,
        }));
        const results: Map<string, StepResult> =
          step.kind === 'updateField'
            ? await updateFieldActions(this.tx, step, atThisStep)
            : await listStepActions(this.tx, step, people[0].enrollment.environmentId, atThisStep);
        for (const each of people) {
          const result = results.get(each.enrollment.id)!;
          runs.push(
            this.run(each.enrollment, step.id, step.kind, result.ok ? 'Gelukt' : 'Fout', result.message),
          );
          if (result.ok) {
            each.stepId = step.next ?? null;
            next.push(each);
          } else {
            this.failedJourneys.set(each.enrollment.journeyId, result.message);
            this.finish(each.enrollment, 'Fout', step.id);
          }
        }
      }
    }
    await this.closeWaits(closed);
    await this.writeRuns(runs);
    return next;
  }

  private run(
    enrollment: ClaimedEnrollment,
    stepId: string,
    kind: string,
    status: RunRow['status'],
    result: string,
  ): RunRow {
    return {
      enrollment_id: enrollment.id,
      journey_id: enrollment.journeyId,
      step_id: stepId,
      step_kind: kind,
      status,
      result,
    };
  }

  private finish(
    enrollment: ClaimedEnrollment,
    state: Outcome['state'],
    stepId: string | null,
    waitUntil?: Date,
  ) {
    this.outcomes.set(enrollment.id, {
      state,
      stepId,
      nextRunAt: waitUntil ?? null,
      waitUntil: waitUntil ?? null,
    });
  }

  /** The people of one condition step for whom it holds: one statement for all of them. */
  private async holding(
    step: Extract<JourneyStep, { kind: 'condition' }>,
    people: Moving[],
  ): Promise<Set<string>> {
    const input = JSON.stringify(
      people.map(({ enrollment }) => ({
        enrollment_id: enrollment.id,
        email: enrollment.person.email,
        subscriber_id: enrollment.person.subscriberId,
      })),
    );
    const predicate = conditionKindOf(step.condition).holds(step.condition, {
      enrollmentId: sql`person.enrollment_id`,
      email: sql`person.email`,
      subscriberId: sql`person.subscriber_id`,
    });
    const rows = rowsOf<{ id: string }>(
      await this.tx.execute(sql`
        SELECT person.enrollment_id AS id
        FROM jsonb_to_recordset(${input}::jsonb) AS person(enrollment_id uuid, email text, subscriber_id uuid)
        WHERE ${predicate}`),
    );
    return new Set(rows.map((row) => row.id));
  }

  /** One send step's people: by delivery job (environment, publication, template, journey), one statement each. */
  private async send(step: Extract<JourneyStep, { kind: 'send' }>, people: Moving[]): Promise<void> {
    const groups = new Map<string, { group: SendGroup; sends: PendingSend[] }>();
    for (const { enrollment } of people) {
      const group: SendGroup = {
        environmentId: enrollment.environmentId,
        publicationId: step.publicationId,
        templateId: step.templateId,
        title: `Journey ${enrollment.journeyName}`,
      };
      const key = `${group.environmentId}|${group.title}`;
      const entry = groups.get(key) ?? { group, sends: [] };
      entry.sends.push({
        enrollmentId: enrollment.id,
        journeyId: enrollment.journeyId,
        stepId: step.id,
        subscriberId: enrollment.person.subscriberId,
        email: enrollment.person.email,
      });
      groups.set(key, entry);
    }
    for (const { group, sends } of groups.values()) {
      const jobId = await queueSends(this.tx, group, sends, this.now);
      if (jobId) this.jobIds.push(jobId);
    }
  }

  /** Writes the step runs of the next visit in one statement; a visit whose run exists is left as it is. */
  private async writeRuns(runs: RunRow[]): Promise<void> {
    if (runs.length === 0) return;
    await this.tx.execute(sql`
      INSERT INTO journey_step_runs (enrollment_id, journey_id, step_id, step_kind, visit, status, result, at)
      SELECT run.enrollment_id, run.journey_id, run.step_id, run.step_kind,
             coalesce((SELECT max(earlier.visit) FROM journey_step_runs AS earlier
                       WHERE earlier.enrollment_id = run.enrollment_id AND earlier.step_id = run.step_id), 0) + 1,
             run.status, run.result, ${this.now.toISOString()}::timestamptz
      FROM jsonb_to_recordset(${JSON.stringify(runs)}::jsonb)
        AS run(enrollment_id uuid, journey_id uuid, step_id text, step_kind text, status text, result text)
      ON CONFLICT (enrollment_id, step_id, visit) DO NOTHING`);
  }

  /** Ended waits: each one's latest run ('Wachtend' since arrival) becomes 'Gelukt'. */
  private async closeWaits(closed: Array<{ enrollment_id: string; step_id: string; result: string }>) {
    if (closed.length === 0) return;
    await this.tx.execute(sql`
      UPDATE journey_step_runs AS run SET status = 'Gelukt', result = latest.result, at = ${this.now.toISOString()}::timestamptz
      FROM (
        SELECT ended.result,
               (SELECT earlier.id FROM journey_step_runs AS earlier
                WHERE earlier.enrollment_id = ended.enrollment_id AND earlier.step_id = ended.step_id
                ORDER BY earlier.visit DESC LIMIT 1) AS run_id
        FROM jsonb_to_recordset(${JSON.stringify(closed)}::jsonb) AS ended(enrollment_id uuid, step_id text, result text)
      ) AS latest
      WHERE run.id = latest.run_id`);
  }

  /** Every enrollment of the batch where it ended up, in one statement; a failed step's journey shows it. */
  private async writeOutcomes(): Promise<void> {
    const ended = this.now.toISOString();
    const input = JSON.stringify(
      [...this.outcomes].map(([id, outcome]) => ({
        id,
        state: outcome.state,
        step_id: outcome.stepId,
        next_run_at: outcome.nextRunAt?.toISOString() ?? null,
        wait_until: outcome.waitUntil?.toISOString() ?? null,
        ended_at: outcome.state === 'Actief' ? null : ended,
      })),
    );
    if (this.outcomes.size > 0)
      await this.tx.execute(sql`
        UPDATE journey_enrollments AS e
        SET state = outcome.state, current_step_id = outcome.step_id, next_run_at = outcome.next_run_at,
            wait_until = outcome.wait_until, ended_at = outcome.ended_at
        FROM jsonb_to_recordset(${input}::jsonb)
          AS outcome(id uuid, state text, step_id text, next_run_at timestamptz, wait_until timestamptz, ended_at timestamptz)
        WHERE e.id = outcome.id`);
    for (const [journeyId, message] of this.failedJourneys)
      await this.tx.execute(sql`UPDATE journeys SET last_error = ${message} WHERE id = ${journeyId}`);
  }
}
