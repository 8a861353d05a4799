import type { Database } from '../db/client';
import type { Clock } from './clock';
import { recordResults, type RecipientResult, type RecordedResult } from './recipientResults';

/**
 * Records the results of one job's lanes with group commit: a result handed in while a statement is running
 * waits for the next one, which then records every result handed in meanwhile. Each lane still waits until
 * its own result is committed before it takes its next recipient, so a crash can repeat at most one message
 * per lane, exactly as with one statement per message; but 8 or 32 lanes share one round trip instead of
 * taking turns on the database.
 */
export interface ResultRecorder {
  /** Resolves once the result is committed; rejects when the statement that carried it failed. */
  record(recipientId: number, result: RecipientResult): Promise<void>;
}

interface Waiting extends RecordedResult {
  committed(): void;
  failed(error: unknown): void;
}

export function createResultRecorder(db: Database, jobId: string, clock: Clock): ResultRecorder {
  let queued: Waiting[] = [];
  let writing = false;
  const writeQueued = async () => {
    writing = true;
    try {
      while (queued.length > 0) {
        const batch = queued;
        queued = [];
        try {
          await recordResults(db, jobId, batch, clock.now());
          for (const entry of batch) entry.committed();
        } catch (error) {
          for (const entry of batch) entry.failed(error);
        }
      }
    } finally {
      writing = false;
    }
  };
  return {
    record(recipientId, result) {
      return new Promise<void>((committed, failed) => {
        queued.push({ recipientId, result, committed, failed });
        if (!writing) void writeQueued();
      });
    },
  };
}
