-- What a module publishes of its tables for other modules to read (decision 0042). A module reads
-- another's data through that module's index.ts, or, where a read must join in one statement (each
-- request's caller check, the tickets list, the users list), through one of these views. Only the
-- owner writes its tables; a column leaves a view only when no reader is left.

-- The accounts module's.
CREATE VIEW "account_directory" AS
  SELECT "id", "external_id", "name", "status", "suspended_reason", "billing_api_id"
    FROM "accounts";
--> statement-breakpoint
-- The users module's: who a contact is, never their password.
CREATE VIEW "contact_directory" AS
  SELECT "id", "account_id", "external_id", "firstname", "lastname", "email", "admin_group", "billing_group",
         "technical_group", "time_zone", "ui_color_mode", "deactivated_at"
    FROM "contacts";
--> statement-breakpoint
-- The services module's: each service with its product's name and its seats (purchased users).
CREATE VIEW "service_directory" AS
  SELECT s."id", s."account_id", p."name", s."prod_description" AS "description", s."item_type",
         coalesce((s."metadata" ->> 'purchased_users')::int, 0) AS "seats"
    FROM "services" s
    JOIN "products" p ON p."id" = s."product_id";
