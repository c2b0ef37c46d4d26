import { eq, users } from '@kapaas/db';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { ConfigError, loadConfig } from '../../config';
import { adminFixtures, expectStatus } from '../admin/admin.fixtures';

let shop: TestShop;
const admin = adminFixtures(() => shop);
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop.close();
});

let people = 0;
/** Registration details of a new person, with the password given. */
function person(password: string) {
  people += 1;
  const n = `${process.pid}${people}`.slice(-6).padStart(6, '0');
  return {
    name: 'Meera Iyer',
    email: `meera.iyer${n}@example.in`,
    phone: `98${n}77`,
    password,
    password_confirmation: password,
  };
}

/** The field errors of a 400 answer. */
async function refusal(response: Promise<{ statusCode: number; body: string; json(): unknown }>) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(400);
  return (answer.json() as { errors: Record<string, string[]> }).errors;
}

describe('shoppers’ passwords', () => {
  it.each([['password'], ['12345678'], ['PassWord'], ['qwerty123456'], ['        '], ['aaaaaaaaaa']])(
    'refuses %j at registration with an error on the password field',
    async (password) => {
      const errors = await refusal(shop.post('register', person(password)));
      expect(errors.password?.[0]).toMatch(/too common|easy to guess/i);
    },
  );

  it('refuses the person’s own e-mail, its local part, phone or name', async () => {
    const details = person('x');
    for (const own of [
      details.email,
      details.email.split('@')[0] ?? '',
      details.phone,
      'Meera Iyer',
      'meeraiyer2024',
    ]) {
      const errors = await refusal(shop.post('register', { ...details, password: own, password_confirmation: own }));
      expect(errors.password?.[0], own).toMatch(/name, e-mail or phone/);
    }
  });

  it('accepts a password of its own, up to 200 characters', async () => {
    expect((await shop.post('register', person('organic-cotton-1'))).statusCode).toBe(200);
    expect((await shop.post('register', person(`long ${'kurta '.repeat(32)}`))).statusCode).toBe(200);
  });

  it('applies the same rules to a new password on change_password', async () => {
    const user = await shop.user();
    for (const password of ['password1', user.email]) {
      const errors = await refusal(
        user.post('change_password', { old_password: user.password, password, password_confirmation: password }),
      );
      expect(errors.password).toBeDefined();
    }
  });
});

describe('admins’ passwords', () => {
  it('need 12 characters, and are checked like shoppers’ when created, changed or set by the owner', async () => {
    const owner = await admin.owner();
    const email = `anita.rao.${Date.now()}@kapaas.local`;
    const account = { email, name: 'Anita Rao', role: 'staff' };
    expect((await refusal(owner.post('/admins', { ...account, password: 'eleven-char' }))).password?.[0]).toMatch(
      /12 characters/,
    );
    expect((await refusal(owner.post('/admins', { ...account, password: '1qaz2wsx3edc' }))).password).toBeDefined();
    expect((await refusal(owner.post('/admins', { ...account, password: email }))).password).toBeDefined();
    const created = expectStatus(await owner.post('/admins', { ...account, password: 'looms-of-kannur-7' }), 200);
    const id = created.data.id as number;
    expect((await refusal(owner.patch(`/admins/${id}`, { password: 'qwerty123456' }))).password).toBeDefined();

    const staff = await admin.login(email, 'looms-of-kannur-7');
    const change = (password: string) =>
      staff.post('/me/password', {
        current_password: 'looms-of-kannur-7',
        password,
        password_confirmation: password,
      });
    expect((await refusal(change('anita.rao.12345'))).password).toBeDefined();
    expect((await refusal(change('123456789qwe'))).password).toBeDefined();
    expectStatus(await change('handloom-ledger-9'), 200);
  });

  it('refuses a short, common or personal ADMIN_PASSWORD at start', () => {
    for (const ADMIN_PASSWORD of ['short-pass1', 'qwerty123456', 'owner.kapaas']) {
      expect(() => loadConfig({ ADMIN_EMAIL: 'owner.kapaas@example.in', ADMIN_PASSWORD }), ADMIN_PASSWORD).toThrow(
        ConfigError,
      );
    }
    expect(loadConfig({ ADMIN_PASSWORD: 'weaver-of-kannur' }).ADMIN_PASSWORD).toBe('weaver-of-kannur');
  });
});

describe('password hashes', () => {
  it('are argon2id with the parameters chosen in ADR 016, and older hashes keep verifying', async () => {
    const user = await shop.user();
    const [row] = await shop.database.db.select().from(users).where(eq(users.id, user.userId));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=3,p=1\$/);

    // A hash made with other parameters (the library's old defaults, say) still logs in.
    const older = await hash('an-older-password-1', { memoryCost: 4096, timeCost: 3 });
    await shop.database.db.update(users).set({ passwordHash: older }).where(eq(users.id, user.userId));
    expect((await shop.post('login', { user_name: user.email, password: 'an-older-password-1' })).statusCode).toBe(200);
  });
});
