import { describe, expect, test } from 'vitest';
import { databaseUnavailable } from './unavailable';

const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('databaseUnavailable: the database cannot answer now, or the fault is elsewhere', () => {
	const cases: [error: unknown, expected: boolean, why: string][] = [
		[coded('ECONNREFUSED'), true, 'PostgreSQL stopped: the connection is refused'],
		[coded('ETIMEDOUT'), true, 'PostgreSQL unreachable: the connection times out'],
		[coded('3D000', 'database "garupa" does not exist'), true, 'the database was dropped'],
		[coded('57P01', 'terminating connection due to administrator command'), true, 'shutdown'],
		[coded('57P03', 'the database system is starting up'), true, 'cannot connect now'],
		[coded('53300', 'sorry, too many clients already'), true, 'no connection slot left'],
		[coded('28P01', 'password authentication failed'), true, 'the credentials no longer work'],
		[new Error('Connection terminated unexpectedly'), true, 'node-postgres lost the server'],
		[new Error('timeout exceeded when trying to connect'), true, 'the pool waited too long'],
		[coded('SQLITE_BUSY'), true, 'SQLite locked by another process past the busy timeout'],
		[coded('SQLITE_IOERR_READ'), true, 'SQLite cannot read its file'],
		[coded('SQLITE_CANTOPEN'), true, 'SQLite cannot open its file'],
		[
			Object.assign(new AggregateError([coded('ECONNREFUSED')], ''), {}),
			true,
			'refused on every address of the host (Node wraps them)'
		],
		[new Error('query failed', { cause: coded('ECONNRESET') }), true, 'a wrapped cause'],
		[coded('23505', 'duplicate key value violates unique constraint'), false, 'a constraint'],
		[coded('42P01', 'relation "x" does not exist'), false, 'a bug in a query'],
		[coded('SQLITE_CONSTRAINT_UNIQUE'), false, 'a SQLite constraint'],
		[new TypeError("Cannot read properties of undefined (reading 'x')"), false, 'a bug in code'],
		['ECONNREFUSED', false, 'not an error object'],
		[null, false, 'nothing']
	];
	for (const [error, expected, why] of cases)
		test(`${expected ? 'unavailable' : 'not unavailable'}: ${why}`, () =>
			expect(databaseUnavailable(error)).toBe(expected));
});
