import { describeExchangeRace } from './returns-race';

// On PostgreSQL the 20 requests' transactions really interleave: the conditional UPDATE of inventory `reserve` lets
// exactly 3 hold a piece.
describeExchangeRace('PostgreSQL');
