import { describe, inject } from 'vitest';
import { describeExchangeRace } from './returns-race';

// The same race on the embedded database (one transaction at a time); the PostgreSQL pass runs returns-race.pg.test.ts.
describe.skipIf(Boolean(inject('postgresUrl')))('returns on the embedded database', () => {
  describeExchangeRace('embedded database');
});
