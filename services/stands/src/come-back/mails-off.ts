import type { DataSource } from 'typeorm';

type Scope = 'follow' | 'alert';

/**
 * SQL: whether a follow's or alert's mails are switched off (its mail's link, notifications/opt-outs.ts)
 * for the address they would go to now, the user's in `user_names`: the very question ComeBackMails asks
 * before each mail, so Einstellungen shows what the mails do. `subscription` and `user` are the row's columns.
 */
export function mailsOffSql(scope: Scope, subscription: string, user: string): string {
  return `EXISTS (SELECT 1 FROM "mail_opt_outs" o JOIN "user_names" u ON u."user_id" = ${user} AND o."address" = u."email"
    WHERE o."scope" = '${scope}' AND o."event_id" = ${subscription} AND o."opted_out_at" IS NOT NULL)`;
}

/** Switches a follow's or alert's mails on again for the address they go to now (the one mailsOffSql reads). */
export async function resumeMails(m: { query: DataSource['query'] }, scope: Scope, subscriptionId: string, userId: string): Promise<void> {
  await m.query(
    `UPDATE "mail_opt_outs" SET "opted_out_at" = NULL
     WHERE "scope" = $1 AND "event_id" = $2 AND "address" = (SELECT "email" FROM "user_names" WHERE "user_id" = $3)`,
    [scope, subscriptionId, userId],
  );
}
