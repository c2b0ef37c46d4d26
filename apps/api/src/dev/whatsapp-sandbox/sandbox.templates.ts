import { type Database, sandboxWhatsappTemplates } from '@kapaas/db';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { SANDBOX_WABA_ID } from './sandbox.constants';
import { GraphError, parameterCount } from './sandbox.graph';

/*
 * The sandbox's WhatsApp Business Account's templates: submitted with Meta's POST /{WABA_ID}/message_templates (they
 * start PENDING, as Meta's review), listed with GET, and approved or rejected by a test (POST test/approve), as
 * Meta's reviewers would.
 */

const Button = z.union([
  z.object({ type: z.literal('QUICK_REPLY'), text: z.string().min(1).max(25) }),
  z.object({
    type: z.literal('URL'),
    text: z.string().min(1).max(25),
    url: z.url(),
    example: z.array(z.string()).optional(),
  }),
]);
const CreateBody = z.object({
  name: z.string().regex(/^[a-z0-9_]{1,512}$/, 'lowercase letters, digits and underscores'),
  language: z.string().min(2),
  category: z.enum(['UTILITY', 'MARKETING', 'AUTHENTICATION']),
  components: z.array(
    z.union([
      z.object({
        type: z.literal('BODY'),
        text: z.string().min(1).max(1024),
        example: z.object({ body_text: z.array(z.array(z.string())) }).optional(),
      }),
      z.object({ type: z.literal('BUTTONS'), buttons: z.array(Button).max(10) }),
    ]),
  ),
});

function checkWaba(waba: string) {
  if (waba !== SANDBOX_WABA_ID) {
    throw new GraphError(400, 100, `(#100) Unsupported request. Object with ID '${waba}' does not exist`);
  }
}

const templateId = (id: number) => String(900_000_000_000 + id);

export async function createTemplate(db: Database, waba: string, payload: unknown) {
  checkWaba(waba);
  const parsed = CreateBody.safeParse(payload);
  if (!parsed.success) {
    throw new GraphError(400, 100, '(#100) Invalid parameter', parsed.error.issues.map((i) => i.message).join('; '));
  }
  const body = parsed.data.components.find((c) => c.type === 'BODY');
  if (body?.type !== 'BODY') throw new GraphError(400, 100, '(#100) Invalid parameter', 'a BODY is required');
  const count = parameterCount(body.text);
  const example = body.example?.body_text[0];
  if (count > 0 && example?.length !== count) {
    throw new GraphError(400, 100, '(#100) Invalid parameter', `body has ${count} parameters: give as many examples`);
  }
  const buttons = parsed.data.components.find((c) => c.type === 'BUTTONS');
  const inserted = await db
    .insert(sandboxWhatsappTemplates)
    .values({
      name: parsed.data.name,
      language: parsed.data.language,
      category: parsed.data.category,
      body: body.text,
      bodyExample: example ?? null,
      buttons: buttons?.type === 'BUTTONS' ? buttons.buttons : [],
    })
    .onConflictDoNothing()
    .returning({ id: sandboxWhatsappTemplates.id });
  if (!inserted[0]) {
    throw new GraphError(
      400,
      100,
      '(#100) Invalid parameter',
      `Content in this language already exists: ${parsed.data.name} (${parsed.data.language})`,
    );
  }
  return { id: templateId(inserted[0].id), status: 'PENDING', category: parsed.data.category };
}

export async function listTemplates(db: Database, waba: string) {
  checkWaba(waba);
  const rows = await db.select().from(sandboxWhatsappTemplates).orderBy(asc(sandboxWhatsappTemplates.id));
  return {
    data: rows.map((row) => ({
      id: templateId(row.id),
      name: row.name,
      language: row.language,
      status: row.status,
      category: row.category,
      ...(row.rejectedReason ? { rejected_reason: row.rejectedReason } : {}),
      components: [
        { type: 'BODY', text: row.body, ...(row.bodyExample ? { example: { body_text: [row.bodyExample] } } : {}) },
        ...(row.buttons.length > 0 ? [{ type: 'BUTTONS', buttons: row.buttons }] : []),
      ],
    })),
    paging: { cursors: { before: 'MAZDZD', after: 'MAZDZD' } },
  };
}

export const ApproveBody = z.object({
  name: z.string().min(1),
  language: z.string().min(2).optional(),
  status: z.enum(['APPROVED', 'REJECTED', 'PAUSED', 'DISABLED']).default('APPROVED'),
  reason: z.string().min(1).max(200).optional(),
});

/** A test's review: the template (every language of it, unless one is named) approved or rejected. */
export async function review(db: Database, input: z.infer<typeof ApproveBody>) {
  const changed = await db
    .update(sandboxWhatsappTemplates)
    .set({
      status: input.status,
      rejectedReason: input.status === 'REJECTED' ? (input.reason ?? 'INVALID_FORMAT') : null,
    })
    .where(
      and(
        eq(sandboxWhatsappTemplates.name, input.name),
        input.language ? eq(sandboxWhatsappTemplates.language, input.language) : undefined,
      ),
    )
    .returning({ name: sandboxWhatsappTemplates.name, language: sandboxWhatsappTemplates.language });
  if (changed.length === 0) throw new GraphError(404, 100, `No template ${input.name} was submitted`);
  return { templates: changed, status: input.status };
}
