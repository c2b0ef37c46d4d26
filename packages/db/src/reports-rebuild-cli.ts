/**
 * `npm run reports:rebuild`: makes the reports' daily aggregates again from the orders (ADR 062). Uses DATABASE_URL,
 * else the embedded database under DATA_DIR (stop the shop first there, as for the seeding commands: one process
 * opens it). On PostgreSQL it may run beside the shop: its locks hold checkouts back while it sums.
 */
import { prepareDatabase } from './prepare';
import { rebuildReportAggregates } from './report-aggregates';
import { openConfiguredDatabase } from './seed/configured';

const { handle, name } = await openConfiguredDatabase();
try {
  await prepareDatabase(handle, { seedDemo: false });
  const began = performance.now();
  const { orders } = await rebuildReportAggregates(handle.db);
  const seconds = (performance.now() - began) / 1000;
  console.log(
    `Rebuilt the reports' aggregates of the ${name} from ${orders.toLocaleString('en')} sold orders in ${seconds.toFixed(1)} s.`,
  );
} finally {
  await handle.close();
}
