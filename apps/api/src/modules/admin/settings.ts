import { type AdminSettings, AdminSettingsAnswer, AdminUpdateSettings, ErrorAnswer } from '@kapaas/contract';
import { eq, type Queryable, shopSettings } from '@kapaas/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paiseToRupees, rupeesToPaise } from '../../lib/money';
import { adminOf, auditedWrite } from './resource';

/** The single settings row, created with its defaults the first time it is read. */
async function readSettings(db: Queryable): Promise<AdminSettings> {
  let [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  if (!row) {
    await db.insert(shopSettings).values({ id: 1 }).onConflictDoNothing();
    [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  }
  if (!row) throw new Error('shop_settings has no row');
  return {
    shipping_charge: paiseToRupees(row.shippingChargePaise),
    per_order_cap: row.perOrderQuantityCap,
    payment_expiry_minutes: row.paymentExpiryMinutes,
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * GET/PATCH /settings (owners only): shipping charge, the per-order cap and how long an unpaid
 * order holds its stock. The cap and the charge show on the storefront, so a change rebuilds the
 * catalogue.
 */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { tags: ['admin'], security: [{ adminToken: [] }] };
  const failures = { 400: ErrorAnswer, 401: ErrorAnswer, 403: ErrorAnswer };

  app.get(
    '/settings',
    {
      config: { ownerOnly: true },
      schema: { ...schema, summary: 'The shop settings', response: { 200: AdminSettingsAnswer, ...failures } },
    },
    async () => ({ success: true as const, data: await readSettings(app.database.db) }),
  );

  app.patch(
    '/settings',
    {
      config: { ownerOnly: true },
      schema: {
        ...schema,
        summary: 'Change the shop settings; fields left out keep their values',
        body: AdminUpdateSettings,
        response: { 200: AdminSettingsAnswer, ...failures },
      },
    },
    async (request) => {
      const body = request.body;
      const { after } = await auditedWrite(app.deps, adminOf(request), {
        resource: 'settings',
        noun: 'Settings',
        action: 'update',
        id: 1,
        catalogue: 'structure',
        find: readSettings,
        async write(tx) {
          await tx
            .update(shopSettings)
            .set({
              shippingChargePaise: body.shipping_charge === undefined ? undefined : rupeesToPaise(body.shipping_charge),
              perOrderQuantityCap: body.per_order_cap,
              paymentExpiryMinutes: body.payment_expiry_minutes,
              updatedAt: new Date(),
            })
            .where(eq(shopSettings.id, 1));
          return 1;
        },
      });
      return { success: true as const, data: after ?? (await readSettings(app.database.db)) };
    },
  );
};
