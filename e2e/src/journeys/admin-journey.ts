import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { onScreen, phone, shot, sideways, toast, viaMenu, visible } from './journey-kit.js';

/*
 * The admin (issue 30, A1): finds a user by e-mail in the admin dashboard on the phone and makes
 * them an admin; the user, after a reload, has the admin's entry in their menu.
 */

/** The stack makes this address an admin (ADMIN_EMAILS). */
export const ADMIN = { email: 'ada.journey@example.org', firstName: 'Ada', lastName: 'Administratorin' };
const USER = { email: 'tim.teil@example.org', firstName: 'Tim', lastName: 'Teilnehmer' };

export function adminJourney(): void {
  describe('admin: find a user by e-mail, change the role; the user sees the new menu after reload', () => {
    let admin: Page;
    let user: Page;

    it("finds the user by e-mail among everyone: '1 Benutzer gefunden'", async () => {
      user = await phone(USER);
      await user.getByRole('button', { name: 'Menü öffnen' }).click();
      await visible(user.getByRole('region', { name: 'Menü' }).getByRole('link', { name: 'Meine Stände' }));
      expect(await user.getByRole('region', { name: 'Menü' }).getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);

      admin = await phone(ADMIN);
      await viaMenu(admin, 'Admin');
      await visible(admin.getByRole('heading', { level: 1, name: 'Admin-Dashboard' }));
      const users = admin.getByRole('region', { name: 'Benutzer' });
      await users.getByLabel('Name oder E-Mail').fill(USER.email);
      await visible(users.getByRole('status').getByText('1 Benutzer gefunden'));
      await visible(users.getByRole('link', { name: `${USER.firstName} ${USER.lastName}` }));
      await visible(users.getByText(USER.email, { exact: false }));
      expect(await users.getByRole('listitem').count()).toBe(1);
      expect(await sideways(admin)).toBeLessThanOrEqual(0);
      await shot(admin, 'admin-1-found');
    });

    it("makes the user an admin behind a confirmation that names both roles; the row says 'Admin'", async () => {
      const users = admin.getByRole('region', { name: 'Benutzer' });
      const name = `${USER.firstName} ${USER.lastName}`;
      await users.getByLabel(`Rolle von ${name}`).selectOption({ label: 'Admin' });
      await users.getByRole('button', { name: `Rolle ändern: ${name}` }).click();
      const dialog = admin.getByRole('dialog', { name: 'Rolle ändern?' });
      await visible(dialog.getByText(`${name} wird Admin (bisher Teilnehmer).`));
      const confirm = dialog.getByRole('button', { name: 'Rolle ändern' });
      expect(await onScreen(confirm)).toBe(true);
      await shot(admin, 'admin-2-confirm');
      await confirm.click();
      await visible(toast(admin, 'Rolle aktualisiert'));
      await visible(users.getByRole('listitem').locator('.role-badge', { hasText: 'Admin' }));
    });

    it("the user reloads and finds 'Admin' in the menu, which opens the dashboard", async () => {
      await user.reload();
      await viaMenu(user, 'Admin');
      await visible(user.getByRole('heading', { level: 1, name: 'Admin-Dashboard' }));
      await shot(user, 'admin-3-new-menu');
    });
  });
}
