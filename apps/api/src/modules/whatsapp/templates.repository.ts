import type { AdminWhatsAppTemplateInput, WhatsAppKind } from '@kapaas/contract';
import { type Queryable, shopSettings, whatsappTemplates } from '@kapaas/db';
import { and, asc, eq } from 'drizzle-orm';

export type TemplateRow = typeof whatsappTemplates.$inferSelect;
type Changes = Partial<typeof whatsappTemplates.$inferInsert>;

export async function listTemplateRows(db: Queryable): Promise<TemplateRow[]> {
  return db
    .select()
    .from(whatsappTemplates)
    .orderBy(asc(whatsappTemplates.kind), asc(whatsappTemplates.name), asc(whatsappTemplates.language));
}

export async function templateRow(db: Queryable, id: number, lock = false): Promise<TemplateRow | undefined> {
  const query = db.select().from(whatsappTemplates).where(eq(whatsappTemplates.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Inserts a draft; undefined when the name is taken in that language. */
export async function insertTemplate(db: Queryable, input: AdminWhatsAppTemplateInput) {
  const [row] = await db.insert(whatsappTemplates).values(input).onConflictDoNothing().returning();
  return row;
}

export async function updateTemplate(db: Queryable, id: number, changes: Changes): Promise<TemplateRow | undefined> {
  const [row] = await db
    .update(whatsappTemplates)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(whatsappTemplates.id, id))
    .returning();
  return row;
}

export async function templateNamed(db: Queryable, name: string, language: string) {
  const [row] = await db
    .select({ id: whatsappTemplates.id })
    .from(whatsappTemplates)
    .where(and(eq(whatsappTemplates.name, name), eq(whatsappTemplates.language, language as 'en' | 'hi')));
  return row;
}

/** The approved template of a kind in a language (the oldest, if there are several). */
export async function approvedTemplate(db: Queryable, kind: WhatsAppKind, language: 'en' | 'hi') {
  const [row] = await db
    .select()
    .from(whatsappTemplates)
    .where(
      and(
        eq(whatsappTemplates.kind, kind),
        eq(whatsappTemplates.language, language),
        eq(whatsappTemplates.status, 'approved'),
      ),
    )
    .orderBy(asc(whatsappTemplates.id))
    .limit(1);
  return row;
}

/** The kinds the owner sends by WhatsApp (shop_settings, a read model of ADR 043); the defaults before any row. */
export async function whatsAppKinds(db: Queryable): Promise<readonly string[] | null> {
  const [row] = await db.select({ kinds: shopSettings.whatsappKinds }).from(shopSettings).where(eq(shopSettings.id, 1));
  return row?.kinds ?? null;
}
