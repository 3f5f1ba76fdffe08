/**
 * How deep the generated, model-based and fault suites go. `npm test` (what CI runs on every change) runs
 * them at the quick depth: every operation, command and fault is still exercised, with fewer generated
 * cases each. `npm run test:deep` sets TEST_DEPTH=deep and runs them at full depth on both databases
 * (before a release, after a change to money, sign-in, the request pipeline or the database layer).
 */
export const DEEP = process.env.TEST_DEPTH === "deep";

/** `quick` in `npm test`, `deep` in `npm run test:deep`. */
export const depth = (quick: number, deep: number): number => (DEEP ? deep : quick);
