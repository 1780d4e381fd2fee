/* Test data: the calls of docs/product.md §7 as the spec shapes them (docs/decisions/0029). */
export * from './calls.js';
