import { z } from 'zod';
import { singleLineText } from '../entities/text.js';

/*
 * The field builders every provider entity uses, so a name, an amount or a timestamp is checked and
 * worded the same way on every resource. Not re-exported from the package: the entities are.
 */

export const name = (label: string, max = 200) =>
  singleLineText(label).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);
export const optionalLine = (label: string, max = 200) => singleLineText(label).trim().max(max, `${label} must be at most ${max} characters`);
const EARLIEST_MOMENT = Date.parse('0001-01-01T00:00:00Z');
/** An instant with its offset; PostgreSQL keeps none before year 1 (a 500 otherwise), so neither does the contract. */
export const isoTimestamp = z.iso
  .datetime({ offset: true, error: 'Use an ISO-8601 timestamp such as 2026-11-25T12:00:00Z' })
  .refine((value) => Date.parse(value) >= EARLIEST_MOMENT, 'Use a moment from year 1 onwards, such as 2026-11-25T12:00:00Z');
export const amount = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(0, `${label} must not be negative`)
    .max(10_000_000, `${label} is too large`)
    .refine(
      (value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      `${label} has at most two decimals`,
    );

/**
 * A calendar day that exists (`2026-02-30` does not), from year 1: PostgreSQL refuses the others,
 * and that refusal must be the caller's 400, not the portal's 500.
 */
export const realDate = (label: string) =>
  z.iso
    .date({ error: `${label} must be a date such as 2026-11-25` })
    .refine((value) => !value.startsWith('0000'), `${label} must be a date such as 2026-11-25`);

/** An http(s) address, as the customer's own credential form asks for one. */
export const webAddress = (label: string) =>
  singleLineText(label)
    .trim()
    .max(2048, `${label} must be at most 2048 characters`)
    .refine((value) => /^https?:\/\/[^\s]+$/i.test(value), `${label} must start with http:// or https://`);
