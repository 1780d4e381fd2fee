-- Trigram matching for the ticket list's substring search (GIN indexes in the next migration).
-- pg_trgm is a trusted extension (PostgreSQL 13+): a database owner may create it without superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
