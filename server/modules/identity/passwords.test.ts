import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes in the self-describing scrypt format and verifies', async () => {
    const hash = await hashPassword('flota-demo');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    await expect(verifyPassword('flota-demo', hash)).resolves.toBe(true);
  });

  it('rejects a wrong password and salts every hash', async () => {
    const a = await hashPassword('flota-demo');
    const b = await hashPassword('flota-demo');
    expect(a).not.toBe(b);
    await expect(verifyPassword('flota-dem0', a)).resolves.toBe(false);
    await expect(verifyPassword('', a)).resolves.toBe(false);
  });

  it('answers false for malformed stored values', async () => {
    await expect(verifyPassword('x', 'not-a-hash')).resolves.toBe(false);
    await expect(verifyPassword('x', 'scrypt$a$b$c$d$e')).resolves.toBe(false);
    await expect(verifyPassword('x', await dummyPasswordHash())).resolves.toBe(false);
  });
});
