import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { partnerDeliveryKinds } from "#shared/partners/rules.ts";
import { users } from "./auth.ts";
import { createdAt, oneOf } from "./columns.ts";

// Accountability partners (issue 25, decision 0106).

/**
 * One person he chose to see his plan. The partner has no account: the link's secret is the key, stored as its
 * SHA-256 only (renewing replaces it, removing deletes the row, so the old link answers 404 at once).
 */
export const partners = pgTable(
  "partners",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    /** Trimmed and lower-cased. */
    email: text("email").notNull(),
    /** SHA-256 (base64url) of the link's secret. */
    tokenHash: text("token_hash").notNull().unique(),
    /** When the current link was sent; it expires INVITATION_EXPIRY_DAYS later unless confirmed. */
    invitedAt: timestamp("invited_at", { withTimezone: true }).notNull(),
    /** When the partner confirmed ("I'll keep an eye on …"); until then only the invitation goes to his address. */
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    lastViewedAt: timestamp("last_viewed_at", { withTimezone: true }),
    /** The partner stopped every e-mail of this partnership from an e-mail's link. */
    emailsStoppedAt: timestamp("emails_stopped_at", { withTimezone: true }),
    /**
     * The ISO week of the last weekly summary settled for this partner (claimed, or passed over: decision 0181): the
     * job skips partners done this week.
     */
    weeklySummaryWeek: text("weekly_summary_week"),
    /**
     * His time zone as his reminder settings hold it (null: not yet known, UTC), kept by the database: a trigger
     * copies it on every insert of a partner and every change of his zone (migration 0022, decision 0183). The
     * Monday summary's read finds the partners of the zones where it is Monday morning through it.
     */
    timeZone: text("time_zone"),
    createdAt: createdAt(),
  },
  (t) => [
    // Also his partners' index by man (decision 0191: a second one on user_id alone cost every write and served none).
    unique("partners_user_email").on(t.userId, t.email),
    // Per zone, the partners still listening whose weekly summary is not yet settled this week (decisions 0168, 0183).
    index("partners_zone_summary_idx")
      .on(sql`coalesce(${t.timeZone}, 'UTC')`, sql`coalesce(${t.weeklySummaryWeek}, '')`, t.id, t.userId)
      .where(sql`${t.acceptedAt} is not null and ${t.emailsStoppedAt} is null`),
  ],
);

/** A short line a partner sent him, shown on his dashboard until he dismisses it. */
export const partnerCheers = pgTable(
  "partner_cheers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    partnerId: uuid("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    dismissedAt: timestamp("dismissed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("partner_cheers_user_idx").on(t.userId, t.createdAt),
    index("partner_cheers_partner_idx").on(t.partnerId),
  ],
);

/** One row per e-mail to a partner, claimed before it is sent, as reminder_deliveries does for him. */
export const partnerDeliveries = pgTable(
  "partner_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    partnerId: uuid("partner_id")
      .notNull()
      .references(() => partners.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: partnerDeliveryKinds }).notNull(),
    /** A milestone and its due day, a completed milestone, or the ISO week of a summary. */
    subjectKey: text("subject_key").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("partner_deliveries_once").on(t.partnerId, t.kind, t.subjectKey),
    index("partner_deliveries_user_idx").on(t.userId),
    check("partner_deliveries_kind_check", oneOf(t.kind, partnerDeliveryKinds)),
  ],
);
