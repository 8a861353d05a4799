import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { serializeErrorWithoutQueryValues } from '../../server/src/http/errorLogSerializer';

/** What PostgreSQL (and PGlite) attach to a unique violation: the offending value in `detail`. */
function uniqueViolation(): Error {
  return Object.assign(new Error('duplicate key value violates unique constraint "subscribers_list_email"'), {
    code: '23505',
    constraint: 'subscribers_list_email',
    detail: 'Key (list_id, lower(email))=(7, anne@voorbeeld.nl) already exists.',
    where: 'SQL statement "insert … anne@voorbeeld.nl"',
  });
}

describe('logged errors carry no query values (GDPR)', () => {
  it('drops the parameters and the detail of a failed query, keeping the SQL, the code and the constraint', () => {
    const error = new DrizzleQueryError(
      'insert into "subscribers" ("email", "name") values ($1, $2)',
      ['anne@voorbeeld.nl', 'Anne de Vries'],
      uniqueViolation(),
    );
    const logged = JSON.stringify(serializeErrorWithoutQueryValues(error));
    expect(logged).not.toContain('anne@voorbeeld.nl');
    expect(logged).not.toContain('Anne de Vries');
    expect(logged).toContain('insert into \\"subscribers\\"');
    expect(logged).toContain('23505');
    expect(logged).toContain('subscribers_list_email');
    expect(logged).toContain('DrizzleQueryError');
  });

  it('logs a native DOMException (a fetch timeout), also as the cause of another error, without throwing', () => {
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    const logged = JSON.parse(
      JSON.stringify(serializeErrorWithoutQueryValues(new Error('discovery failed', { cause: timeout }))),
    ) as { message: string; cause: { type: string; message: string } };
    expect(logged.message).toBe('discovery failed');
    expect(logged.cause).toMatchObject({
      type: 'DOMException',
      message: 'The operation was aborted due to timeout',
    });
    expect(serializeErrorWithoutQueryValues(timeout)).toMatchObject({ type: 'DOMException' });
  });

  it('leaves other errors as pino logs them', () => {
    const logged = serializeErrorWithoutQueryValues(new TypeError('x is not a function')) as Record<
      string,
      unknown
    >;
    expect(logged).toMatchObject({ type: 'TypeError', message: 'x is not a function' });
    expect(String(logged.stack)).toContain('x is not a function');
  });
});
